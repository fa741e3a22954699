"""The token store: kernel memory only, keyed by group, never shown."""

from __future__ import annotations

from orgdocs.render.widgets._tokens import TokenStore


class Listener:
    def __init__(self):
        self.calls = []

    def __call__(self, group):
        self.calls.append(group)

    def method(self, group):
        self.calls.append(group)


def test_set_get_clear_and_notify():
    store = TokenStore()
    listener = Listener()
    store.subscribe("API", listener.method)
    store.set("API", "  secret-1 ")
    assert store.get("API") == "secret-1" and "API" in store
    store.set("API", "secret-1")  # unchanged: no notification
    store.set("Other", "x")
    store.clear("API")
    assert store.get("API") is None
    assert listener.calls == ["API", "API"]
    store.clear()
    assert "Other" not in store


def test_forget_drops_a_groups_own_token_and_keeps_those_under_it():
    store = TokenStore()
    listener = Listener()
    store.subscribe("API", listener.method)
    store.set("API", "api-wide")
    store.set("API / key:value", "an-api-key")
    store.forget("API")
    assert store.get("API") is None and store.get("API / key:value") == "an-api-key"
    store.forget("API")  # nothing left to forget: no notification
    assert listener.calls == ["API", "API"]


def test_repr_never_shows_a_token():
    store = TokenStore()
    store.set("API", "secret-token-value")
    assert "secret" not in repr(store) and "API" in repr(store)
    assert repr(TokenStore()) == "<TokenStore: empty>"


def test_listeners_are_held_weakly():
    store = TokenStore()
    listener = Listener()
    store.subscribe("API", listener.method)
    del listener
    store.set("API", "t")  # the dead listener is dropped, nothing fails
    assert store._listeners["API"] == []


def test_two_apis_with_the_same_title_never_share_a_token(tmp_path):
    from orgdocs.model import load
    from orgdocs.render.widgets._request_form import credential_scope

    text = '{"openapi": "3.0.0", "info": {"title": "Same", "version": "1"}, "paths": {}}'
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text(text)
    second.write_text(text)
    one, other = load(first), load(second)
    assert one.title == other.title
    assert credential_scope(one) != credential_scope(other)
    assert credential_scope(one) == credential_scope(load(first))  # one API, one scope
