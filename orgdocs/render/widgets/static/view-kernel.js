/* -- kernel requests: one message out, the answer by its id ------------------------------------------------ *
 * The kernel owns the data: the endpoint index, an operation's page, payload and form come by custom message
 * when a view asks for them (so they are never saved in widget state). */
import { SearchIndex } from "../../site/assets/search.js";
import { VOILA, RERUN, element } from "./view-frame.js";
import { FORMS } from "./view-form.js";

// a request with no answer after this long: no kernel behind the view (a reopened notebook, its cells not
// run), or one busy with other cells; the view says so, and still takes the answer if it comes
export const KERNEL_WAIT = 4000; // ms
export const NO_KERNEL = "No kernel answers this view: it shows what was last shown. " +
  (VOILA ? "Reload the page" : "Run its cell") + " to explore and send.";

// what a view says when a request of its own has had no answer for KERNEL_WAIT (`silent(true)`), until the
// next answer (`silent(false)`): its kernel is busy with a cell, or it restarted or stopped and no longer
// holds this view (a restart keeps the page's views, whose messages the new kernel drops)
export const SILENT = "The kernel has not answered this view for a few seconds. It may be " +
  (VOILA ? "busy" : "running a long cell") + "; if it restarted or stopped since the view was drawn, " + RERUN +
  " to explore and send.";

export function kernel(model, silent) {
  const waiting = new Map();
  let next = 0;
  let quiet = null; // the timer of the oldest request without an answer
  function watch() {
    if (quiet === null && waiting.size) quiet = setTimeout(() => silent && waiting.size && silent(true), KERNEL_WAIT);
  }
  function heard() {
    clearTimeout(quiet);
    quiet = null;
    if (silent) silent(false);
    watch(); // requests still waiting: the next silence counts from now
  }
  function onMessage(message) {
    if (message && message.type === "form-state" && message.id === undefined) {
      FORMS.forEach((mounted) => mounted.route === message.route && mounted.refresh(message));
      return;
    }
    if (message && message.type === "form-answer" && message.id === undefined) {
      // the form was sent from a cell: its answer shows here, as after this view's own Send
      FORMS.forEach((mounted) => mounted.route === message.route && mounted.answered(message.answer));
      return;
    }
    if (!message || message.id === undefined || !waiting.has(message.id)) return;
    const done = waiting.get(message.id);
    waiting.delete(message.id);
    heard();
    done(message);
  }
  model.on("msg:custom", onMessage);
  return {
    ask(content) {
      const id = "q" + next++ + "-" + Math.random().toString(36).slice(2);
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        watch();
        try {
          model.send({ ...content, id });
        } catch (error) {
          // the view's channel is closed (its kernel restarted or stopped: JupyterLab disposes its comms)
          if (silent) silent(true);
        }
      });
    },
    close() {
      clearTimeout(quiet);
      model.off("msg:custom", onMessage);
    },
  };
}

const INDEXES = new WeakMap(); // model -> Promise of {entries, navigation, search}: one per model, shared by its views

export function loadIndex(model, ask) {
  if (!INDEXES.has(model)) {
    const promise = ask({ type: "index" }).then((answer) => {
      if (answer.error) throw new Error(answer.error);
      const index = answer.index;
      const byRoute = new Map(index.endpoints.map((entry) => [entry.route, entry]));
      return { index, byRoute, search: new SearchIndex(index.endpoints, index.search) };
    });
    promise.catch(() => INDEXES.delete(model)); // a later view asks again
    INDEXES.set(model, promise);
  }
  return INDEXES.get(model);
}

// a form asked of the kernel: a line saying so if no answer comes soon (the answer replaces the box's content)
export function waitingNote(box) {
  const timer = setTimeout(() => {
    if (box.isConnected && !box.querySelector("[data-form]")) box.appendChild(element("p", "hint ow-no-kernel", NO_KERNEL));
  }, KERNEL_WAIT);
  return timer;
}
