/* Loadsmith command palette: Ctrl/Cmd-K opens it; type to jump to a page or to any object the
   global search finds (entities and their lineage, loads, templates, configuration, presets,
   packages with their deployments and lineage, environments). Plain JS, no inline script:
   the search results are the /search page's own htmx fragment. */
(function () {
    "use strict";

    var PAGES = [
        ["Home", "/"], ["Entities", "/entities"], ["New entity", "/entities/new"], ["Loads", "/loads"],
        ["New load", "/loads/new"], ["Packages", "/packages"], ["New package", "/packages/new"],
        ["Lineage of everything", "/lineage"], ["Configuration", "/configuration"], ["Load templates", "/configuration/templates"],
        ["New template", "/configuration/templates/new"],
        ["Load presets", "/presets"], ["New load preset", "/presets/new"], ["Environments", "/environments"], ["Import a package", "/packages/import"],
        ["Audit trail", "/audit"], ["Search", "/search"], ["Your account and API tokens", "/account"]
    ];

    var dialog, input, list, items = [], active = 0, timer = null, seq = 0;

    function build() {
        dialog = document.createElement("dialog");
        dialog.id = "palette";
        dialog.className = "palette";
        dialog.setAttribute("aria-label", "Go to a page or an object");
        var article = document.createElement("article");
        input = document.createElement("input");
        input.type = "search";
        input.id = "palette-q";
        input.placeholder = "Go to… (a page, an entity, a load, a template, a package, an environment)";
        input.setAttribute("aria-label", "Go to a page or an object");
        input.setAttribute("autocomplete", "off");
        input.setAttribute("role", "combobox");
        input.setAttribute("aria-controls", "palette-list");
        list = document.createElement("ul");
        list.id = "palette-list";
        list.setAttribute("role", "listbox");
        article.appendChild(input);
        article.appendChild(list);
        dialog.appendChild(article);
        document.body.appendChild(dialog);
        input.addEventListener("input", function () {
            clearTimeout(timer);
            timer = setTimeout(refresh, 150);
        });
        input.addEventListener("keydown", function (event) {
            if (event.key === "ArrowDown" || event.key === "ArrowUp") {
                event.preventDefault();
                if (items.length) {
                    active = (active + (event.key === "ArrowDown" ? 1 : items.length - 1)) % items.length;
                    draw();
                }
            } else if (event.key === "Enter") {
                event.preventDefault();
                if (items[active]) {
                    window.location.href = items[active].url;
                }
            }
        });
        dialog.addEventListener("click", function (event) {
            if (event.target === dialog) {
                dialog.close();
            }
        });
    }

    function pages(q) {
        var lower = q.toLowerCase();
        var extra = Array.prototype.map.call(document.querySelectorAll("header nav a[href]"), function (a) {
            return [a.textContent.trim(), a.getAttribute("href")];
        });
        var seen = {};
        return PAGES.concat(extra).filter(function (p) {
            var key = p[1];
            if (!p[0] || seen[key]) {
                return false;
            }
            seen[key] = true;
            return !lower || p[0].toLowerCase().indexOf(lower) >= 0;
        }).map(function (p) {
            return {kind: "Page", label: p[0], url: p[1], detail: ""};
        });
    }

    function refresh() {
        var q = input.value.trim();
        var mine = ++seq;
        items = pages(q);
        active = 0;
        draw();
        if (q.length < 2) {
            return;
        }
        fetch("/search?q=" + encodeURIComponent(q), {headers: {"HX-Request": "true"}, credentials: "same-origin"})
            .then(function (response) { return response.ok ? response.text() : ""; })
            .then(function (html) {
                if (mine !== seq || !html) {
                    return;
                }
                var doc = new DOMParser().parseFromString(html, "text/html");
                doc.querySelectorAll("tbody tr").forEach(function (row) {
                    var cells = row.querySelectorAll("td");
                    var link = row.querySelector("a[href]");
                    if (cells.length >= 2 && link) {
                        items.push({kind: cells[0].textContent.trim(), label: link.textContent.trim(),
                            url: link.getAttribute("href"), detail: cells[2] ? cells[2].textContent.trim() : ""});
                    }
                });
                draw();
            })
            .catch(function () { /* the page list stays */ });
    }

    function draw() {
        list.textContent = "";
        if (!items.length) {
            var none = document.createElement("li");
            none.className = "palette-none";
            none.textContent = "Nothing matches.";
            list.appendChild(none);
            return;
        }
        items.forEach(function (item, i) {
            var li = document.createElement("li");
            li.setAttribute("role", "option");
            li.setAttribute("aria-selected", i === active ? "true" : "false");
            var a = document.createElement("a");
            a.href = item.url;
            var kind = document.createElement("small");
            kind.textContent = item.kind;
            a.appendChild(kind);
            a.appendChild(document.createTextNode(" " + item.label));
            if (item.detail) {
                var detail = document.createElement("small");
                detail.className = "palette-detail";
                detail.textContent = item.detail;
                a.appendChild(detail);
            }
            li.appendChild(a);
            list.appendChild(li);
            if (i === active) {
                li.scrollIntoView({block: "nearest"});
            }
        });
    }

    function open() {
        if (!dialog) {
            build();
        }
        if (!dialog.open) {
            input.value = "";
            refresh();
            dialog.showModal();
        }
        input.focus();
    }

    window.LoadsmithPalette = {open: open};
})();
