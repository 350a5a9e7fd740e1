/* Loadsmith designer: code editors, keyboard shortcuts, copy button. Pages work without this file. */
(function () {
    "use strict";

    // FreeMarker directives, interpolations and template calls, highlighted over SQL.
    function ftlOverlay() {
        return {
            token: function (stream) {
                if (stream.match(/<\/?[#@][^>]*>/) || stream.match(/\$\{[^}]*\}/) || stream.match(/<ftltemplate:[^>]*>/)) {
                    return "keyword ftl";
                }
                while (stream.next() != null && !stream.match(/<\/?[#@]|\$\{|<ftltemplate:/, false)) {
                    // skip plain text
                }
                return null;
            }
        };
    }

    function enhance(root) {
        if (typeof CodeMirror === "undefined") {
            return;
        }
        root.querySelectorAll("textarea.code").forEach(function (area) {
            if (area.dataset.enhanced) {
                return;
            }
            area.dataset.enhanced = "true";
            var focused = document.activeElement === area;
            var selection = [area.selectionStart, area.selectionEnd];
            var editor = CodeMirror.fromTextArea(area, {
                mode: "text/x-sql",
                lineNumbers: true,
                viewportMargin: Infinity,
                lineWrapping: false
            });
            if (area.dataset.mode === "ftl") {
                editor.addOverlay(ftlOverlay());
            }
            labelInput(area, editor);
            escapeWithTab(editor);
            // Keep the textarea current: htmx and plain submits read it, not the editor.
            // ... and tell the form it changed, as typing in a plain field would (live preview, unsaved mark).
            editor.on("change", function (cm) {
                cm.save();
                area.dispatchEvent(new Event("input", {bubbles: true}));
            });
            area.codeMirror = editor;
            if (focused) {
                // Typed into before the editor came: the cursor stays where it was.
                editor.focus();
                editor.setSelection(editor.posFromIndex(selection[0]), editor.posFromIndex(selection[1]));
            }
        });
    }

    // CodeMirror runs after DOMContentLoaded, not before: reading the page and typing in its textareas
    // (sized like the editors, app.css) need none of its 400 KB, nor the editors it draws. The head
    // preloads its scripts (link[data-editor-script]); here they run in order, then the editors come.
    function loadEditors() {
        var links = Array.prototype.slice.call(document.querySelectorAll("link[data-editor-script]"));
        if (typeof CodeMirror !== "undefined" || !links.length) {
            enhance(document);
            return;
        }
        (function next(i) {
            if (i === links.length) {
                enhance(document);
                return;
            }
            var script = document.createElement("script");
            script.src = links[i].href;
            script.onload = function () { next(i + 1); };
            document.head.appendChild(script);
        })(0);
    }

    // Tab indents in an editable editor; Esc, then Tab or Shift+Tab, leaves it (WCAG 2.1.2 No Keyboard
    // Trap). CodeMirror 5 has no such mode of its own: a key map that gives Tab back to the browser
    // (false = "not handled, do not prevent") is put on by Esc and taken off by any other key or blur.
    var LEAVE = {"Tab": false, "Shift-Tab": false};

    function escapeWithTab(editor) {
        var armed = false;
        function disarm() {
            if (armed) {
                armed = false;
                editor.removeKeyMap(LEAVE);
            }
        }
        editor.on("keydown", function (cm, event) {
            if (event.key === "Escape") {
                if (!armed) {
                    armed = true;
                    cm.addKeyMap(LEAVE);
                }
            } else if (event.key !== "Tab" && event.key !== "Shift") {
                disarm();
            }
        });
        editor.on("blur", disarm);
        describeBy(editor.getInputField(), editorKeysHint());
    }

    function describeBy(input, id) {
        var ids = (input.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
        if (ids.indexOf(id) < 0) {
            ids.push(id);
        }
        input.setAttribute("aria-describedby", ids.join(" "));
    }

    // The hint every editable editor is described by (aria-describedby), read out when it takes focus.
    function editorKeysHint() {
        var hint = document.getElementById("code-editor-keys");
        if (!hint) {
            hint = document.createElement("p");
            hint.id = "code-editor-keys";
            hint.className = "visually-hidden";
            hint.textContent = "Code editor: Tab indents. To leave it, press Esc, then Tab or Shift+Tab.";
            document.body.appendChild(hint);
        }
        return hint.id;
    }

    // The element that takes the typing is CodeMirror's own hidden textarea, not the page's (display: none):
    // it gets the page textarea's label, state and descriptions, so screen readers name the editor.
    function labelInput(area, editor) {
        var input = editor.getInputField();
        var label = area.id ? document.querySelector('label[for="' + CSS.escape(area.id) + '"]') : null;
        if (!label || label.contains(area)) {
            label = area.closest("label");
        }
        if (label && !label.contains(area)) {
            if (!label.id) {
                label.id = area.id + "-label";
            }
            input.setAttribute("aria-labelledby", label.id);
            label.addEventListener("click", function () { editor.focus(); });
        } else if (label) {
            // A label around the editor would name it with the code too: its own words only.
            var words = label.cloneNode(true);
            words.querySelectorAll("textarea, .CodeMirror, small").forEach(function (n) { n.remove(); });
            input.setAttribute("aria-label", words.textContent.replace(/\s+/g, " ").trim());
        } else if (area.getAttribute("aria-label")) {
            input.setAttribute("aria-label", area.getAttribute("aria-label"));
        }
        (area.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean).forEach(function (id) {
            describeBy(input, id);
        });
        if (area.getAttribute("aria-invalid")) {
            input.setAttribute("aria-invalid", area.getAttribute("aria-invalid"));
        }
        input.setAttribute("aria-multiline", "true");
    }

    function pad(n) {
        return n < 10 ? "0" + n : String(n);
    }

    // Moments arrive in UTC, to the minute; shown in the reader's own time zone, the UTC kept as a tooltip.
    function localTimes(root) {
        root.querySelectorAll("time[data-local][datetime]").forEach(function (time) {
            if (time.dataset.localized) {
                return;
            }
            var at = new Date(time.getAttribute("datetime"));
            if (isNaN(at.getTime())) {
                return;
            }
            time.dataset.localized = "true";
            time.title = time.textContent.trim();
            time.textContent = at.getFullYear() + "-" + pad(at.getMonth() + 1) + "-" + pad(at.getDate())
                + " " + pad(at.getHours()) + ":" + pad(at.getMinutes());
        });
    }

    function saveFocusedForm() {
        var active = document.activeElement;
        var form = active && active.closest ? active.closest("form[data-save-form]") : null;
        if (!form) {
            form = document.querySelector("form[data-save-form]");
        }
        if (!form) {
            return false;
        }
        var button = form.querySelector("button[name=action][value=save]");
        if (form.requestSubmit) {
            form.requestSubmit(button || undefined);
        } else {
            form.submit();
        }
        return true;
    }

    document.addEventListener("keydown", function (event) {
        var mod = event.ctrlKey || event.metaKey;
        if (mod && (event.key === "k" || event.key === "K")) {
            var search = document.getElementById("global-search");
            if (window.LoadsmithPalette) {
                event.preventDefault();
                window.LoadsmithPalette.open();
            } else if (search) {
                event.preventDefault();
                search.focus();
                search.select();
            }
        } else if (mod && (event.key === "s" || event.key === "S")) {
            if (saveFocusedForm()) {
                event.preventDefault();
            }
        } else if (event.key === "?" && !mod) {
            var target = event.target;
            var typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)
                || (target.closest && target.closest(".CodeMirror")));
            if (!typing) {
                event.preventDefault();
                showShortcuts();
            }
        }
    });

    function showShortcuts() {
        var dialog = document.getElementById("shortcuts");
        if (dialog && !dialog.open) {
            dialog.showModal();
        }
    }

    document.addEventListener("click", function (event) {
        var show = event.target.closest && event.target.closest("[data-show-shortcuts]");
        if (show) {
            showShortcuts();
            return;
        }
        var fold = event.target.closest && event.target.closest("[data-fold-preview]");
        if (fold) {
            foldPreview(fold.getAttribute("aria-expanded") === "true");
            return;
        }
        var copy = event.target.closest && event.target.closest("[data-copy]");
        if (copy) {
            var source = document.querySelector(copy.getAttribute("data-copy"));
            if (source && navigator.clipboard) {
                // Generated SQL is a pre.code-view (textContent); a textarea has its value.
                navigator.clipboard.writeText(source.value !== undefined ? source.value : source.textContent).then(function () {
                    copy.textContent = "Copied";
                    setTimeout(function () { copy.textContent = "Copy SQL"; }, 1500);
                });
            }
        }
    });

    // Unsaved changes: a form[data-track-changes] is marked once edited (or when the server says its
    // content is not saved, data-dirty), and leaving the page then asks first.
    function trackedForm(node) {
        return node && node.closest ? node.closest("form[data-track-changes]") : null;
    }

    function markDirty(form) {
        form.setAttribute("data-dirty", "true");
        if (!form.querySelector(".unsaved")) {
            var note = document.createElement("p");
            note.className = "unsaved";
            note.setAttribute("role", "status");
            note.textContent = "Changed, not saved yet: press Save (Ctrl+S).";
            var messages = form.querySelector(".form-messages");
            form.insertBefore(note, messages ? messages.nextSibling : form.firstChild);
        }
    }

    ["input", "change"].forEach(function (type) {
        document.addEventListener(type, function (event) {
            var form = trackedForm(event.target);
            if (form) {
                markDirty(form);
            }
        });
    });
    // Submitting hands the form to the server, which answers with a saved page or marks it again.
    document.addEventListener("submit", function (event) {
        var form = event.target;
        if (form && form.matches && form.matches("form[data-track-changes]")) {
            form.removeAttribute("data-dirty");
        }
    }, true);
    // The mapping editor: CUSTOM shows its SQL expression editor, another type hides it (the server
    // drops a hidden formula), and the type's description beside it follows the choice; a row's
    // sources field offers the attributes of the mapping it picks.
    document.addEventListener("change", function (event) {
        var select = event.target;
        if (select.matches && select.matches("select[data-custom-toggle]")) {
            var cell = select.parentNode;
            cell.querySelectorAll(".mapping-formula").forEach(function (formula) {
                formula.hidden = select.value.toUpperCase() !== "CUSTOM";
                var area = formula.querySelector("textarea");
                if (area && !formula.hidden) {
                    if (area.classList.contains("code-later")) {
                        area.classList.replace("code-later", "code");
                        enhance(formula);
                    }
                    if (area.codeMirror) {
                        area.codeMirror.refresh();
                    }
                }
            });
            var help = cell.querySelector(".type-help");
            var chosen = select.options[select.selectedIndex];
            if (help && chosen) {
                help.textContent = chosen.getAttribute("data-description") || "";
            }
        } else if (select.matches && select.matches("tr.mapping-row select[name$='.mapping']")) {
            var sources = select.closest("tr").querySelector(".mapping-sources-input");
            if (sources) {
                sources.setAttribute("list", "mapping-attributes-" + select.value);
            }
        }
    });
    // Choosing a mapping's source entity maps by name at once (its hidden button): the change goes
    // no further, so the live preview does not race the editor's answer with the form before it.
    document.addEventListener("change", function (event) {
        var select = event.target;
        var button = select.getAttribute && select.getAttribute("data-chosen")
            ? document.getElementById(select.getAttribute("data-chosen")) : null;
        if (button && window.htmx) {
            event.stopPropagation();
            var form = trackedForm(select);
            if (form) {
                markDirty(form);
            }
            button.click();
        }
    }, true);
    window.addEventListener("beforeunload", function (event) {
        if (document.querySelector("form[data-track-changes][data-dirty]")) {
            event.preventDefault();
            event.returnValue = "";
        }
    });

    // A list filter (input[data-filter-list]) hides the unticked entries that do not contain what is typed.
    // Caught before the form sees it: filtering changes nothing to save or preview.
    document.addEventListener("input", function (event) {
        var filter = event.target.closest && event.target.closest("input[data-filter-list]");
        if (!filter) {
            return;
        }
        event.stopPropagation();
        var list = document.getElementById(filter.dataset.filterList);
        var words = filter.value.trim().toLowerCase();
        list.querySelectorAll("label").forEach(function (label) {
            var box = label.querySelector("input[type=checkbox]");
            label.hidden = !!words && !(box && box.checked) && label.textContent.toLowerCase().indexOf(words) < 0;
        });
    }, true);
    document.addEventListener("change", function (event) {
        if (event.target.matches && event.target.matches("input[data-filter-list]")) {
            event.stopPropagation();
        }
    }, true);
    document.addEventListener("keydown", function (event) {
        // Enter in a filter would send the form.
        if (event.key === "Enter" && event.target.matches && event.target.matches("input[data-filter-list]")) {
            event.preventDefault();
        }
    }, true);

    document.addEventListener("DOMContentLoaded", function () {
        loadEditors();
        localTimes(document);
        applyPreviewFold();
        if (window.htmx) {
            // Show error pages and rejected forms that the server sends with 4xx/5xx.
            htmx.config.responseHandling = [
                {code: "204", swap: false},
                {code: "[23]..", swap: true},
                {code: "[45]..", swap: true, error: true}
            ];
        }
    });
    // A live preview replaced by a newer one (hx-sync="this:replace") is aborted on purpose, but htmx
    // itself console.error()s every error event it fires, the abort's htmx:afterRequest and
    // htmx:sendAbort too (not htmx.logAll: its triggerErrorEvent always logs). Those two are left
    // out while htmx handles an abort; any other error still reaches the console.
    var aborting = false;
    var consoleError = console.error;
    console.error = function (message) {
        if (aborting && (message === "htmx:afterRequest" || message === "htmx:sendAbort")) {
            return;
        }
        return consoleError.apply(console, arguments);
    };
    // htmx aborts synchronously, in its own htmx:abort listener on body: the flag lasts that task only.
    document.addEventListener("htmx:abort", function () {
        aborting = true;
        setTimeout(function () { aborting = false; });
    }, true);

    // htmx posts carry the session's CSRF token in a header; plain forms carry it as a hidden field.
    document.addEventListener("htmx:configRequest", function (event) {
        var token = document.querySelector("meta[name=_csrf]");
        var header = document.querySelector("meta[name=_csrf_header]");
        if (token && header) {
            event.detail.headers[header.content] = token.content;
        }
    });
    // The docked preview's fold (narrow windows): kept for the tab, since every live update replaces it.
    function foldPreview(folded) {
        try {
            sessionStorage.setItem("loadsmith.previewFolded", folded ? "1" : "");
        } catch (e) { /* storage refused: the fold lasts until the next update */ }
        applyPreviewFold(folded);
    }

    function applyPreviewFold(folded) {
        var preview = document.getElementById("preview");
        var button = document.querySelector("[data-fold-preview]");
        if (!preview || !button) {
            return;
        }
        if (folded === undefined) {
            try {
                folded = sessionStorage.getItem("loadsmith.previewFolded") === "1";
            } catch (e) {
                folded = false;
            }
        }
        preview.classList.toggle("folded", folded);
        button.setAttribute("aria-expanded", folded ? "false" : "true");
        button.textContent = folded ? "Show" : "Hide";
    }

    // A template parameter marked wrong by the last save or preview stays marked only while the live
    // preview of what is on screen still names it: once the preview generates (or fails on another
    // parameter), the mark and its message go. A save checks every parameter again.
    function clearResolvedParameterErrors() {
        var failure = document.getElementById("preview-error");
        var said = failure ? failure.textContent : "";
        document.querySelectorAll(".template-params .param.has-error").forEach(function (param) {
            var field = param.querySelector("[data-param]");
            if (field && said.indexOf("'" + field.getAttribute("data-param") + "'") < 0) {
                param.classList.remove("has-error");
                param.querySelectorAll(".param-error").forEach(function (e) { e.remove(); });
                param.querySelectorAll("[aria-invalid]").forEach(function (e) { e.removeAttribute("aria-invalid"); });
            }
        });
    }

    document.addEventListener("htmx:afterSettle", function (event) {
        if (document.getElementById("preview")) {
            clearResolvedParameterErrors();
        }
        applyPreviewFold();
        enhance(event.target.ownerDocument ? event.target : document);
        enhance(document);
        localTimes(document);
    });
})();
