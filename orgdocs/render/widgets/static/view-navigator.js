/* -- the navigator: search box, results or the whole navigation, keyboard ------------------------------ *
 * Search runs here, with the site's SearchIndex: a keystroke never waits for the kernel. Two lists: the whole
 * navigation, built once and kept laid out while a search shows (content-visibility), so that clearing the
 * search costs nothing; and the results of the current search. The input is a combobox whose active row
 * follows the arrow keys (aria-activedescendant); `value` (the selected route) and `query` are synced with
 * the kernel both ways. */
import { RERUN, element, listen } from "./view-frame.js";
import { KERNEL_WAIT, NO_KERNEL, loadIndex } from "./view-kernel.js";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const MAX_ROWS = 100; // search results drawn at first ("Show all" draws the rest): a keystroke stays cheap
const QUERY_PAUSE = 150; // ms: the kernel hears the query once typing pauses

function pathCode(path) {
  // a long path wraps after a slash, not in the middle of a word
  const code = element("code", "ow-path");
  path.split("/").forEach((part, i) => {
    if (i > 0) {
      code.appendChild(document.createTextNode("/"));
      code.appendChild(document.createElement("wbr"));
    }
    code.appendChild(document.createTextNode(part));
  });
  return code;
}

function methodBadge(method) {
  const css = METHODS.indexOf(method.toLowerCase()) >= 0 ? method.toLowerCase() : "other";
  return element("span", "method method-" + css, method.toUpperCase());
}

function listbox(id, label) {
  const ul = element("ul", "ow-list");
  ul.id = id;
  ul.tabIndex = 0;
  ul.setAttribute("role", "listbox");
  ul.setAttribute("aria-label", label);
  return ul;
}

function listHeading(className, text) {
  const li = element("li", className, text);
  li.setAttribute("role", "presentation");
  return li;
}

export class EndpointNavigator {
  constructor(model, root, ask, signal, onOpen) {
    this.model = model;
    this.onOpen = onOpen;
    this.listId = "ow-list-" + Math.random().toString(36).slice(2);
    this.data = null; // the kernel's index: {index, byRoute, search}
    this.options = []; // the <li role=option> drawn, in order
    this.active = -1;
    this.activeRow = null;
    this.navigation = null; // the whole navigation's nodes and options, built once: clearing the search is free
    this.showAll = false; // the reader asked for every result of this query
    this.pending = null; // the timer that tells the kernel the query
    this.ask = ask;
    root.appendChild(this.makeBox());
    this.wire(signal);
    this.load(ask, signal);
  }

  makeBox() {
    const box = element("div", "ow-nav");
    const search = element("div", "search ow-search");
    search.setAttribute("role", "search");
    const input = (this.input = element("input", "search-input"));
    input.type = "search";
    input.placeholder = "Search endpoints  /";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.setAttribute("aria-label", "Search endpoints");
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "true");
    this.status = element("p", "ow-status", "Loading the operations…");
    this.status.setAttribute("aria-live", "polite");
    this.navList = listbox(this.listId + "-nav", "Operations");
    this.resultList = listbox(this.listId + "-found", "Search results");
    this.resultList.hidden = true;
    this.list = this.navList;
    input.setAttribute("aria-controls", this.navList.id);
    search.appendChild(input);
    box.appendChild(search);
    box.appendChild(this.status);
    box.appendChild(this.navList);
    box.appendChild(this.resultList);
    return box;
  }

  showList(which) {
    if (this.list === which) return;
    this.list = which;
    this.navList.toggleAttribute("data-away", which !== this.navList);
    this.resultList.hidden = which !== this.resultList;
    if (which === this.navList) this.resultList.replaceChildren();
    this.input.setAttribute("aria-controls", which.id);
  }

  row(entry, key) {
    const li = element("li", "ow-row" + (entry.deprecated ? " nav-deprecated" : ""));
    li.id = this.listId + "-" + key;
    li.setAttribute("role", "option");
    li.setAttribute("data-route", entry.route);
    li.setAttribute("aria-selected", entry.route === this.model.get("value") ? "true" : "false");
    li.appendChild(methodBadge(entry.method));
    const text = element("span", "ow-row-text");
    text.appendChild(element("span", "ow-title", entry.title));
    text.appendChild(pathCode(entry.path));
    li.appendChild(text);
    if (entry.deprecated) li.title = "deprecated";
    return li;
  }

  buildNavigation() {
    const nodes = [];
    const rows = [];
    let counter = 0;
    const navigation = this.data.index.navigation;
    navigation.forEach((group) => {
      const sections = group.sections.filter((s) => s.items.some((item) => item.kind === "operation"));
      if (!sections.length) return;
      if (navigation.length > 1) nodes.push(listHeading("ow-group", group.group));
      sections.forEach((section) => {
        nodes.push(listHeading("ow-heading", section.title));
        section.items.forEach((item) => {
          if (item.kind !== "operation") return;
          const entry = this.data.byRoute.get(item.route) || item;
          const li = this.row({ ...entry, title: item.title, deprecated: item.deprecated }, "n" + counter++);
          nodes.push(li);
          rows.push(li);
        });
      });
    });
    return { nodes, rows };
  }

  draw() {
    if (!this.data) return;
    const query = (this.model.get("query") || "").trim();
    if (query) this.drawResults(query);
    else this.drawNavigation();
  }

  drawNavigation() {
    if (!this.navigation) {
      this.navigation = this.buildNavigation();
      this.navList.replaceChildren(...this.navigation.nodes);
    }
    this.showList(this.navList);
    this.options = this.navigation.rows;
    this.markSelected();
    this.status.textContent = `${this.data.index.endpoints.length.toLocaleString("en")} operations`;
    const selected = this.options.findIndex((li) => li.getAttribute("data-route") === this.model.get("value"));
    this.setActive(selected, false);
  }

  drawResults(query) {
    const total = this.data.index.endpoints.length;
    const found = this.data.search.search(query);
    const shown = this.showAll ? found : found.slice(0, MAX_ROWS);
    const fragment = document.createDocumentFragment();
    this.options = shown.map((entry, i) => {
      const li = this.row(entry, "r" + i);
      li.querySelector(".ow-row-text").appendChild(element("span", "ow-section", entry.section));
      fragment.appendChild(li);
      return li;
    });
    if (shown.length < found.length) fragment.appendChild(this.showAllRow(found.length));
    this.resultList.replaceChildren(fragment);
    this.showList(this.resultList);
    this.resultList.scrollTop = 0;
    if (!found.length) this.status.textContent = "No operation matches “" + query + "”.";
    else this.status.textContent = `${found.length.toLocaleString("en")} of ${total.toLocaleString("en")} operations match`;
    this.active = -1;
    this.setActive(0, false);
  }

  showAllRow(count) {
    const more = element("li", "ow-more");
    more.setAttribute("role", "presentation");
    const button = element("button", "button button-small", `Show all ${count.toLocaleString("en")}`);
    button.type = "button";
    button.addEventListener("click", () => {
      this.showAll = true;
      this.draw();
    });
    more.appendChild(button);
    return more;
  }

  setActive(position, scroll) {
    if (this.activeRow) this.activeRow.classList.remove("is-active");
    this.activeRow = null;
    if (!this.options.length || position < 0) {
      this.active = -1;
      this.input.removeAttribute("aria-activedescendant");
      this.navList.removeAttribute("aria-activedescendant");
      this.resultList.removeAttribute("aria-activedescendant");
      return;
    }
    this.active = Math.max(0, Math.min(position, this.options.length - 1));
    const li = this.options[this.active];
    this.activeRow = li;
    li.classList.add("is-active");
    this.input.setAttribute("aria-activedescendant", li.id);
    this.list.setAttribute("aria-activedescendant", li.id);
    if (scroll) li.scrollIntoView({ block: "nearest" });
  }

  open(position) {
    const li = this.options[position];
    if (!li) return;
    this.setActive(position, true);
    const route = li.getAttribute("data-route");
    this.model.set("value", route);
    this.model.save_changes();
    this.markSelected();
    if (this.onOpen) this.onOpen(route);
    this.ask({ type: "ping" }); // the kernel answers with the page; with no kernel behind, the view says so
  }

  markSelected() {
    const route = this.model.get("value");
    this.options.forEach((li) => li.setAttribute("aria-selected", li.getAttribute("data-route") === route ? "true" : "false"));
  }

  onKey(event) {
    // the widget's keys stay in the widget: JupyterLab must not move its cells on an arrow key
    const list = this.list;
    const page = Math.max(1, Math.floor(list.clientHeight / 32));
    const moves = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    if (event.key in moves) {
      this.setActive(this.active < 0 ? 0 : this.active + moves[event.key], true);
    } else if (event.key === "Home" && event.target === list) {
      this.setActive(0, true);
    } else if (event.key === "End" && event.target === list) {
      this.setActive(this.options.length - 1, true);
    } else if (event.key === "Enter") {
      this.open(this.active < 0 ? 0 : this.active);
    } else if (event.key === "Escape" && event.target === this.input && this.input.value) {
      this.input.value = "";
      this.typed();
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  }

  typed() {
    this.showAll = false;
    this.model.set("query", this.input.value);
    this.draw();
    this.saveQuerySoon(); // a keystroke never waits for a message
  }

  saveQuerySoon() {
    clearTimeout(this.pending);
    this.pending = setTimeout(() => this.model.save_changes(), QUERY_PAUSE);
  }

  /* the query or the selection changed in the kernel */
  heardQuery() {
    const input = this.input;
    if (input.value === this.model.get("query")) return;
    if (input.getRootNode().activeElement === input) {
      // the reader is typing: what comes back from the kernel (the query saved at the last pause, echoed)
      // is older than the keys typed since; the box wins and the kernel hears it at the next pause
      this.model.set("query", input.value);
      this.saveQuerySoon();
      return;
    }
    input.value = this.model.get("query");
    this.draw();
  }

  heardValue() {
    this.markSelected();
    const index = this.options.findIndex((li) => li.getAttribute("data-route") === this.model.get("value"));
    if (index >= 0) this.setActive(index, true);
  }

  wire(signal) {
    const onKey = (event) => this.onKey(event);
    this.input.addEventListener("input", () => this.typed(), { signal });
    this.input.addEventListener("keydown", onKey, { signal });
    [this.navList, this.resultList].forEach((ul) => {
      ul.addEventListener("keydown", onKey, { signal });
      ul.addEventListener("click", (event) => {
        const li = event.target.closest("[role=option]");
        if (li) this.open(this.options.indexOf(li));
      }, { signal });
    });
    listen(this.model, "change:query", () => this.heardQuery(), signal);
    listen(this.model, "change:value", () => this.heardValue(), signal);
  }

  load(ask, signal) {
    const status = this.status;
    this.input.value = this.model.get("query") || "";
    const silent = setTimeout(() => {
      if (!this.data) {
        status.textContent = NO_KERNEL;
        status.classList.add("ow-no-kernel");
      }
    }, KERNEL_WAIT);
    signal.addEventListener("abort", () => clearTimeout(silent));
    loadIndex(this.model, ask).then((loaded) => {
      status.classList.remove("ow-no-kernel");
      this.data = loaded;
      this.draw();
      const selected = this.list.querySelector('[aria-selected="true"]');
      if (selected) selected.scrollIntoView({ block: "nearest" });
    }, (error) => {
      status.textContent = "The operations could not be loaded (" + error.message + "). " + RERUN[0].toUpperCase() + RERUN.slice(1) + ".";
    });
  }

  focusSearch() {
    this.input.focus();
    this.input.select();
  }
}
