"""A notebook view drawn on a blank page with its kernel in this test's process: the view's front-end module
(``ESM``) rendered against a stand-in for anywidget's model, whose messages and saved changes Python answers
with the real widget. The test decides when what the kernel changes reaches the view: ``hold()`` keeps the
kernel's trait changes (``_html``, ``_answer_html``...) back until ``release()``, as a busy kernel would, so
that a race seen once under load happens every time."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from orgdocs.render.widgets._frontend import ESM

FAKE_MODEL = """(initial) => {
  const attrs = { ...initial };
  const listeners = {};
  let dirty = {};
  const held = [];
  const fire = (name, ...args) => (listeners[name] || []).slice().forEach((fn) => fn(...args));
  const apply = ([name, value]) => {
    if (attrs[name] === value) return;
    attrs[name] = value;
    fire("change:" + name);
  };
  const tell = (message) => fire("msg:custom", message);
  const deliver = (reply) => {
    reply.pushes.forEach((push) => (window.__holding ? held.push(() => apply(push)) : apply(push)));
    reply.messages.forEach((message) => (window.__late.includes(message.type) ? held.push(() => tell(message)) : tell(message)));
  };
  const model = {
    get: (name) => attrs[name],
    set(name, value) {
      dirty[name] = value;
      apply([name, value]);
    },
    on(name, fn) { (listeners[name] = listeners[name] || []).push(fn); },
    off(name, fn) { listeners[name] = (listeners[name] || []).filter((one) => one !== fn); },
    send(content) { window.orgdocsKernel({ kind: "msg", content }).then(deliver); },
    save_changes() {
      const changes = dirty;
      dirty = {};
      window.orgdocsKernel({ kind: "save", changes }).then(deliver);
    },
  };
  window.__holding = false;
  window.__late = [];
  window.__release = (count) => {
    const now = held.splice(0, count === null ? held.length : count);
    if (!held.length) {
      window.__holding = false;
      window.__late = [];
    }
    now.forEach((one) => one());
  };
  window.__deliver = deliver;
  window.__model = model;
  const el = document.createElement("div");
  document.body.appendChild(el);
  window.__view.render({ model, el });
}"""


class ViewHost:
    """The kernel side of a view on ``page``: ``widget``'s messages answered, its trait changes pushed."""

    def __init__(self, page: Any, widget: Any):
        self.page = page
        self.widget = widget
        self.messages: list[dict] = []
        self.pushes: list[list] = []
        widget.send = lambda content, buffers=None: self.messages.append(json.loads(json.dumps(content)))
        names = [name for name in widget.keys if not name.startswith("_esm") and name not in ("layout",)]
        widget.observe(lambda change: self.pushes.append([change["name"], change["new"]]), names=names)
        self.synced = {name: getattr(widget, name) for name in names}

    def answer(self, call: dict) -> dict:
        if call["kind"] == "msg":
            self.widget._on_message(self.widget, call["content"], [])
        else:
            for name, value in call["changes"].items():
                setattr(self.widget, name, value)
        pushes, messages = self.pushes[:], self.messages[:]
        self.pushes.clear()
        self.messages.clear()
        if call["kind"] == "save":  # the view already has what it set (anywidget ignores its own echo)
            pushes = [push for push in pushes if call["changes"].get(push[0], object()) != push[1]]
        return {"pushes": json.loads(json.dumps(pushes, default=str)), "messages": messages}

    def hold(self, *answers: str) -> None:
        """Keep the kernel's trait changes from the view until ``release``, and its answers to the messages of
        the types ``answers`` (``"page"``...)."""
        self.page.evaluate(
            "(answers) => { window.__holding = true; window.__late = answers; }", list(answers)
        )

    def release(self, count: int | None = None) -> None:
        """The kernel's held changes reach the view: the first ``count`` (default: all)."""
        self.page.evaluate("(count) => window.__release(count)", count)

    def deliver(self) -> None:
        """What the kernel sent or changed outside an answer (a cell's ``select``, ``set_token``) reaches the
        view."""
        pushes, messages = self.pushes[:], self.messages[:]
        self.pushes.clear()
        self.messages.clear()
        self.page.evaluate(
            "(reply) => window.__deliver(reply)",
            {"pushes": json.loads(json.dumps(pushes, default=str)), "messages": messages},
        )

    def settle(self) -> None:
        """Every request the view has made so far is answered and shown (the page's bindings answer in order)."""
        self.page.evaluate(
            """() => window.orgdocsKernel({ kind: "msg", content: { type: "ping", id: "settle" } })
                .then(() => new Promise((done) => setTimeout(done)))"""
        )


@contextmanager
def view_host(browser, widget: Any, *, width: int = 1300) -> Iterator[tuple[Any, ViewHost]]:
    """``widget`` drawn on a blank page of ``browser``: (page, host). No error may reach the page's console."""
    context = browser.new_context(viewport={"width": width, "height": 1000})
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    host = ViewHost(page, widget)
    page.expose_function("orgdocsKernel", host.answer)
    page.set_content("<!DOCTYPE html><html><body></body></html>")
    page.evaluate(
        """(source) => import(URL.createObjectURL(new Blob([source], { type: "text/javascript" })))
            .then((module) => { window.__view = module.default; })""",
        ESM,
    )
    page.evaluate(FAKE_MODEL, json.loads(json.dumps(host.synced, default=str)))
    try:
        yield page, host
    finally:
        context.close()
    assert errors == []
