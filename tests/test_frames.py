"""``orgdocs.frame``: a JSON response as a DataFrame of its records, several pages as one frame."""

from __future__ import annotations

import httpx
import pytest

import orgdocs
from orgdocs.render.frames import Pagination, fetch_pages, next_request, pagination, records


def test_records_are_found_inside_the_envelope():
    assert records({"data": [{"id": 1}], "next_cursor": None}) == [{"id": 1}]
    assert records({"total": 2, "things": [{"a": 1}, {"a": 2}], "tags": [{"t": 1}]}) == [{"a": 1}, {"a": 2}]
    assert records([{"id": 1}, {"id": 2}]) == [{"id": 1}, {"id": 2}]
    assert records({"id": 1, "name": "x"}) == [{"id": 1, "name": "x"}]
    assert records({"result": {"items": [{"x": 1}]}}, key="result.items") == [{"x": 1}]
    assert records(3) == [{"value": 3}]


def test_frame_flattens_a_response():
    response = httpx.Response(
        200,
        json={"data": [{"id": "k1", "owner": {"login": "ada"}}, {"id": "k2", "owner": {"login": "bob"}}]},
        request=httpx.Request("GET", "https://api.test/keys"),
    )
    df = orgdocs.frame(response)
    assert list(df.columns) == ["id", "owner.login"]
    assert df["owner.login"].tolist() == ["ada", "bob"]
    assert orgdocs.frame([1, 2])["value"].tolist() == [1, 2]


def pages_client(kind: str) -> httpx.Client:
    """A client of an API with 3 pages of 2 records, paging by ``kind``: link, next, or cursor."""

    def handler(request: httpx.Request) -> httpx.Response:
        page = int(request.url.params.get("cursor") or request.url.params.get("page") or 1)
        body: dict = {"data": [{"n": 2 * page - 1}, {"n": 2 * page}]}
        headers = {}
        if page < 3:
            if kind == "link":
                headers["Link"] = f'<https://api.test/items?page={page + 1}>; rel="next"'
            elif kind == "next":
                body["next"] = f"/items?page={page + 1}"
            else:
                body["next_cursor"] = str(page + 1)
        return httpx.Response(200, json=body, headers=headers)

    return httpx.Client(transport=httpx.MockTransport(handler), base_url="https://api.test")


@pytest.mark.parametrize("kind", ["link", "next", "cursor"])
def test_pages_are_followed_into_one_frame(kind):
    with pages_client(kind) as client:
        first = client.get("/items")
        assert orgdocs.frame(first, pages=10, client=client)["n"].tolist() == [1, 2, 3, 4, 5, 6]
        assert orgdocs.frame(first, pages=2, client=client)["n"].tolist() == [1, 2, 3, 4]
        assert orgdocs.frame(first)["n"].tolist() == [1, 2]


def test_paging_stops_at_an_error():
    def handler(request: httpx.Request) -> httpx.Response:
        if "cursor" in request.url.params:
            return httpx.Response(400, json={"title": "bad cursor"})
        return httpx.Response(200, json={"data": [{"n": 1}], "next_cursor": "x"})

    with httpx.Client(transport=httpx.MockTransport(handler), base_url="https://api.test") as client:
        first = client.get("/items")
        assert [r.status_code for r in fetch_pages(client, first, pages=5)] == [200]
        assert next_request(httpx.Response(200, text="not json", request=first.request)) is None


def test_the_reference_apis_list_declares_its_cursor():
    from orgdocs.orgapi import DESCRIPTION_PATH

    description = orgdocs.load(DESCRIPTION_PATH)
    assert pagination(description.operation("listApiKeys"), description) == Pagination(
        "page.next_cursor", "cursor"
    )
    assert pagination(description.operation("revokeApiKey"), description) is None


def test_pages_of_the_reference_server(tmp_path):
    from orgdocs.orgapi import create_app, in_process_client, open_store, seed_demo

    store = open_store(str(tmp_path / "orgapi.sqlite3"))
    demo = seed_demo(store)
    with in_process_client(create_app(store)) as client:
        url = f"/organizations/{demo['organization_id']}/api-keys"
        headers = {"Authorization": f"Bearer {demo['token']}"}
        everything = client.get(url, headers=headers).json()["data"]
        first = client.get(url, params={"limit": 1}, headers=headers)
        df = orgdocs.frame(first, pages=100, client=client)
    store.close()
    assert len(everything) > 1 and df["id"].tolist() == [key["id"] for key in everything]
