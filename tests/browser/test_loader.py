"""The stub every notebook view saves in widget state (``static/loader.js``), on a blank page with fake models
whose kernel is this test's process: it asks for the views' front-end module only of a kernel that answers.

A notebook reopened with a running kernel and run again at once has both on a page: its saved views, whose
models the run closes (their kernel never answers them again), and the views the run draws. The page's clock
is stopped (``page.clock``): nothing may wait for a saved view to be given up on.
"""

from __future__ import annotations

import json

import pytest

import orgdocs
from orgdocs.orgapi import DESCRIPTION_PATH
from orgdocs.render.widgets._frontend import LOADER
from orgdocs.widgets import OperationView

pytestmark = pytest.mark.browser

# a model as anywidget gives a view (get, on, off, send); `answers`: the types of message its kernel answers
FAKE_MODELS = """async ([loader, title]) => {
  const module = await import(URL.createObjectURL(new Blob([loader], { type: "text/javascript" })));
  window.__sent = []; // the type of every message a view sent, answered or not
  window.__draw = (answers) => {
    const listeners = {};
    const model = {
      get: (name) => (name === "_title" ? title : name === "_kind" ? "operation" : ""),
      on(name, fn) { (listeners[name] = listeners[name] || []).push(fn); },
      off(name, fn) { listeners[name] = (listeners[name] || []).filter((one) => one !== fn); },
      send(content) {
        window.__sent.push(content.type);
        if (!answers.includes(content.type)) return; // a closed model: its kernel drops what it is sent
        window.orgdocsKernel(content).then((replies) => replies.forEach((reply) => {
          (listeners["msg:custom"] || []).slice().forEach((fn) => fn(reply));
        }));
      },
      save_changes() {},
    };
    const el = document.createElement("div");
    document.body.appendChild(el);
    module.default.render({ model, el });
    return el;
  };
}"""

MODULES_ASKED = "window.__sent.filter((type) => type === 'module').length"
LIVE = "() => [...document.querySelectorAll('.orgdocs-widget-host')].filter((host) => host.shadowRoot.querySelector('.ow-root')).length"


@pytest.fixture
def loader_page(browser):
    """A page where ``window.__draw(answers)`` draws a view of a fake model whose kernel answers the message
    types ``answers`` (a real ``OperationView`` answers them); ``window.__sent``: what the views sent."""
    api = orgdocs.load(DESCRIPTION_PATH)
    view = OperationView(api.operation("listApiKeys"), description=api)

    def kernel(content: dict) -> list[dict]:
        replies: list[dict] = []
        view.send = lambda message, buffers=None: replies.append(json.loads(json.dumps(message)))
        view._on_message(view, content, [])
        return replies

    context = browser.new_context()
    page = context.new_page()
    try:
        page.clock.install(time=1_000_000)
        page.clock.pause_at(1_001_000)  # the page's time stands still: no timer of it runs unless told
        page.expose_function("orgdocsKernel", kernel)
        page.set_content("<!DOCTYPE html><html><body></body></html>")
        page.evaluate(FAKE_MODELS, [LOADER, view._title])
        yield page
    finally:
        context.close()
        view.close()


def test_a_view_whose_kernel_answers_is_never_held_up_by_one_whose_kernel_is_gone(loader_page):
    page = loader_page
    page.evaluate("() => window.__draw([])")  # a saved view, first on the page: its kernel never answers
    page.evaluate("() => window.__draw(['ping', 'module', 'index', 'page'])")  # a view the run drew
    page.wait_for_function(f"() => ({LIVE})() === 2", timeout=15_000)  # the module came: both are drawn
    assert page.evaluate(f"() => {MODULES_ASKED}") == 1


def test_the_module_is_asked_of_the_next_view_when_the_first_gets_no_answer(loader_page):
    page = loader_page
    # a view closed after it answered: the module asked of it never comes
    page.evaluate("() => window.__draw(['ping'])")
    page.evaluate("() => window.__draw(['ping', 'module', 'index', 'page'])")
    page.wait_for_function(f"() => {MODULES_ASKED} === 1")
    page.wait_for_function("() => window.__sent.filter((type) => type === 'ping').length === 2")
    assert page.evaluate(LIVE) == 0
    page.clock.run_for(4_100)  # the loader's WAIT, and a little more
    page.wait_for_function(f"() => ({LIVE})() === 2", timeout=15_000)
    assert page.evaluate(f"() => {MODULES_ASKED}") == 2
