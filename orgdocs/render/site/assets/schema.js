/* orgdocs: what a schema tree does in the browser. Every row is rendered on the server
 * (orgdocs/render/site/schema_tree/); here they are only put in place and shown:
 *
 * - A folded component (details.schema-lazy, below a tree's root) gets its fields when it is opened: its own
 *   page's tree (data-page, fetched once per page), or in a notebook view the same tree from the kernel
 *   (the view's componentTree); a subtype listed under its base (data-base) without the fields it has
 *   from that base (data-from), shown above it. The stylesheet shows what the tree's direction keeps.
 * - A choice of variants (oneOf/anyOf/discriminator) shows one variant at a time, Redoc's way: buttons
 *   (aria-pressed), or a drop-down list past MAX_BUTTONS of them.
 * - Field links: the head of every row gets an id naming the field by its place (the section's or
 *   response's id, then the names down to it: "request-body.labels.name", "response-201.id"; a parameter's
 *   tree starts "parameters.<name>"; a second tree with the same names gets "~2") and a "#" link to it. A
 *   link to a field inside a folded component opens the components on its way (showTarget).
 *
 * schemaTrees(root, {componentTree, followAddress}) does this to the trees below `root` (a page's document, or a
 * notebook view's element): `componentTree` is a notebook view's, `followAddress` a page's (its address's
 * fragment names a field to show, now and when it changes).
 */
export function schemaTrees(root, host) {
  var MAX_BUTTONS = 8; // a choice of more variants is a drop-down list (Rebilly's 230 gateways)
  var FIELD_PARTS = "ul.schema-props, .schema-variants, details.schema-more"; // a tree's children that are its fields
  var fromKernel = host.componentTree; // a notebook view's: (ref) => Promise of a tree's HTML
  var pages = {}; // page URL -> Promise of its document
  var inserted = 0; // fields put in place so far: their ids get a prefix of their own

  function byId(id) {
    return root.getElementById ? root.getElementById(id) : root.querySelector("#" + CSS.escape(id));
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /* The tree of a folded component's page (or the kernel's), as an element (null: that page has none). */
  function componentTree(details) {
    if (fromKernel) {
      return fromKernel(details.getAttribute("data-ref")).then(function (html) {
        var holder = document.createElement("template");
        holder.innerHTML = html || "";
        return holder.content.querySelector(".schema-tree");
      });
    }
    var href = details.getAttribute("data-page");
    if (!href || typeof fetch !== "function") return Promise.resolve(null);
    var url = new URL(href, document.baseURI).href;
    if (!pages[url]) {
      pages[url] = fetch(url).then(function (response) {
        if (!response.ok) throw new Error(response.status + " " + response.statusText);
        return response.text();
      }).then(function (text) {
        return new DOMParser().parseFromString(text, "text/html");
      });
      pages[url].catch(function () { delete pages[url]; }); // opened again later: asked again
    }
    return pages[url].then(function (page) { return page.querySelector("#schema .schema-tree"); });
  }

  /* Puts the fields of ``tree`` (another page's) in ``details``: its ids made this page's, a cycle back to
   * its root a link to the row opened here. */
  function fill(details, tree) {
    var parts = Array.prototype.filter.call(tree.children, function (child) { return child.matches(FIELD_PARTS); });
    if (!parts.length) {
      details.appendChild(el("p", "schema-cut", "No fields."));
      return;
    }
    var prefix = "f" + ++inserted + "-", ids = {};
    var row = details.closest(".schema-row[id]");
    if (tree.id && row) ids[tree.id] = row.id;
    parts = parts.map(function (part) { return document.importNode(part, true); });
    parts.forEach(function (part) {
      part.querySelectorAll("[id]").forEach(function (node) {
        ids[node.id] = prefix + node.id;
        node.id = prefix + node.id;
      });
    });
    var base = details.getAttribute("data-base"); // a subtype under its base: the base's fields are above
    if (base) {
      parts.forEach(function (part) {
        part.querySelectorAll(":scope > li.schema-row[data-from]").forEach(function (row) {
          if (row.getAttribute("data-from").split(" ").indexOf(base) >= 0) row.remove();
        });
      });
    }
    parts.forEach(function (part) {
      part.querySelectorAll('a[href^="#"]').forEach(function (link) {
        var target = ids[link.getAttribute("href").slice(1)];
        if (target) link.setAttribute("href", "#" + target);
      });
      part.querySelectorAll("[aria-current]").forEach(function (node) { node.removeAttribute("aria-current"); });
      details.appendChild(part);
    });
    watch(details);
    setupChoices(details);
    fieldLinks(details);
  }

  /* Opens a folded component: a Promise, settled when its fields are in place (or said to be missing). */
  function load(details) {
    if (details.getAttribute("data-filled")) return Promise.resolve();
    details.setAttribute("data-filled", "true");
    var notes = details.querySelectorAll(":scope > .schema-cut");
    var note = el("p", "schema-cut", "Loading its fields…");
    details.appendChild(note);
    return componentTree(details).then(function (tree) {
      if (!tree) throw new Error("no schema tree there");
      return tree;
    }).then(function (tree) { // a mistake of fill's is not taken for a page that could not be loaded
      notes.forEach(function (cut) { cut.remove(); });
      note.remove();
      fill(details, tree);
    }, function () {
      note.textContent = details.hasAttribute("data-page")
        ? "Its fields could not be loaded: follow its name to its page."
        : "Its fields could not be loaded: the notebook's kernel does not answer. Run the view's cell again.";
      details.removeAttribute("data-filled");
    });
  }

  function onToggle(event) {
    var details = event.currentTarget || event.target;
    if (details.open) load(details);
  }

  function watch(root) {
    root.querySelectorAll("details.schema-lazy").forEach(function (details) {
      details.addEventListener("toggle", onToggle);
    });
  }

  /* A choice of variants: buttons (aria-pressed) above the rows, or a drop-down list past MAX_BUTTONS of
   * them, labelled by the discriminator's property where there is one; one row shown, its fields opened. */
  var choosers = typeof WeakMap === "function" ? new WeakMap() : null;
  function setupChoices(root) {
    root.querySelectorAll(".schema-variants[data-choice]").forEach(function (box) {
      if (box.hasAttribute("data-ready")) return;
      box.setAttribute("data-ready", "");
      var list = box.querySelector(":scope > .schema-props");
      if (!list) return;
      var rows = Array.prototype.slice.call(list.children);
      var label = box.querySelector(":scope > .schema-variants-label");
      var what = (label ? label.textContent : "One of") + ": choose a variant";
      var names = rows.map(function (row, i) {
        var name = row.querySelector(":scope > .schema-head > .schema-variant");
        return name ? name.textContent : "Option " + (i + 1);
      });
      var group, buttons = [], menu = null;
      if (rows.length > MAX_BUTTONS) {
        group = el("label", "schema-choice schema-choice-list");
        var property = box.getAttribute("data-discriminator");
        group.appendChild(el("span", "schema-choice-label", property || "Variant"));
        menu = el("select", "schema-choice-select");
        menu.setAttribute("aria-label", what);
        names.forEach(function (name, i) {
          var option = el("option", "", name);
          option.value = String(i);
          menu.appendChild(option);
        });
        menu.addEventListener("change", function () { select(parseInt(menu.value, 10)); });
        group.appendChild(menu);
        group.appendChild(el("span", "schema-choice-count", "of " + rows.length));
      } else {
        group = el("div", "schema-choice");
        group.setAttribute("role", "group");
        group.setAttribute("aria-label", what);
        buttons = names.map(function (name, i) {
          var button = el("button", "schema-choice-button", name);
          button.type = "button";
          button.addEventListener("click", function () { select(i); });
          group.appendChild(button);
          return button;
        });
      }
      function select(index) {
        rows.forEach(function (row, i) {
          row.hidden = i !== index;
          if (buttons[i]) buttons[i].setAttribute("aria-pressed", i === index ? "true" : "false");
        });
        if (menu) menu.value = String(index);
        var more = rows[index].querySelector(":scope > details.schema-more");
        if (more && !more.open) more.open = true;
      }
      if (choosers) choosers.set(box, select);
      box.insertBefore(group, list);
      box.classList.add("schema-variants-chosen");
      select(0);
    });
  }

  function fieldName(row) {
    var name = row.querySelector(":scope > .schema-head > .schema-name, :scope > .schema-head > .schema-variant");
    return name ? name.textContent.replace(/\s+/g, "_") : "";
  }

  function treePlace(tree) {
    var param = tree.closest(".param");
    var name = param && param.querySelector(".param-name");
    var section = tree.parentElement && tree.parentElement.closest("[id]:not(.schema-row):not(.schema-tree)");
    var place = section ? section.id : "schema";
    return name ? place + "." + name.textContent.replace(/\s+/g, "_") : place;
  }

  function fieldLinks(root) {
    root.querySelectorAll(".schema-row > .schema-head").forEach(function (head) {
      if (head.id) return;
      var row = head.parentElement;
      var tree = row.closest(".schema-tree");
      var names = [];
      for (var node = row; node && node !== tree; node = node.parentElement) {
        if (node.classList.contains("schema-row")) names.unshift(fieldName(node));
      }
      if (!tree || names.indexOf("") >= 0) return;
      var base = treePlace(tree) + "." + names.join("."), id = base;
      for (var n = 2; byId(id); n++) id = base + "~" + n;
      head.id = id;
      var link = el("a", "anchor field-anchor");
      link.href = "#" + encodeURIComponent(id);
      // named by its text, not aria-label: a form's field labelled "status" is not this link
      link.appendChild(el("span", "", "#")).setAttribute("aria-hidden", "true");
      link.appendChild(el("span", "visually-hidden", "Link to field " + names.join(".")));
      head.appendChild(link);
    });
  }

  /* A link to a field: the folded components on its way are opened, from the nearest field the page has
   * down to it, and the variants around it chosen (code.js opens and scrolls where the field was there
   * from the start). */
  function showTarget() {
    var id = "";
    try { id = decodeURIComponent(window.location.hash.slice(1)); } catch (error) { return; }
    if (id) reveal(id, 0, false);
  }

  function reveal(id, tries, opened) {
    var target = byId(id);
    if (!target && tries < 32) {
      var opening = openNearest(id);
      if (opening) return opening.then(function () { reveal(id, tries + 1, true); });
    }
    for (var row = target && target.closest(".schema-row"); row; row = row.parentElement.closest(".schema-row")) {
      if (!row.hidden) continue;
      var list = row.parentElement, box = list.parentElement;
      var select = choosers && choosers.get(box);
      if (select) select(Array.prototype.indexOf.call(list.children, row));
    }
    if (target && opened) {
      for (var node = target.parentElement; node; node = node.parentElement) {
        if (node.tagName === "DETAILS" && !node.open) node.open = true;
      }
      target.scrollIntoView();
    }
  }

  /* Opens the folded component of the nearest field above ``id`` ("response-200.data.owner.login": the
   * row "response-200.data.owner" if the page has it, else "response-200.data", ...): a Promise, or null
   * when there is none to open. */
  function openNearest(id) {
    for (var cut = id.lastIndexOf("."); cut > 0; cut = id.lastIndexOf(".", cut - 1)) {
      var head = byId(id.slice(0, cut));
      if (!head || !head.classList.contains("schema-head")) continue;
      var folded = head.parentElement.querySelector(":scope > details.schema-lazy:not([data-filled])");
      if (!folded) return null;
      folded.open = true;
      return load(folded);
    }
    return null;
  }

  watch(root);
  setupChoices(root);
  fieldLinks(root);
  if (host.followAddress) {
    showTarget();
    window.addEventListener("hashchange", showTarget);
  }
}
