/* Lineage graph: Cytoscape.js draws the graph the page carries as JSON, in layers from left to right. */
(function () {
    "use strict";

    function draw() {
        var box = document.getElementById("lineage-graph");
        var data = document.getElementById("lineage-data");
        if (!box || !data || typeof cytoscape === "undefined") {
            return;
        }
        var graph = JSON.parse(data.textContent);
        var incoming = {};
        graph.edges.forEach(function (e) { incoming[e.target] = true; });
        var elements = graph.nodes.map(function (n) {
            return {data: {id: n.id, label: n.name, kind: n.kind, url: n.url || ""},
                classes: n.kind.toLowerCase() + (n.id === box.dataset.focus ? " focus" : "")};
        }).concat(graph.edges.map(function (e, i) {
            return {data: {id: "e" + i, source: e.source, target: e.target}};
        }));
        var dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
        var text = dark ? "#e0e0e0" : "#222";
        var roots = graph.nodes.filter(function (n) { return !incoming[n.id]; })
            .map(function (n) { return "#" + CSS.escape(n.id); }).join(",");
        var cy = cytoscape({
            container: box,
            elements: elements,
            wheelSensitivity: 0.3,
            style: [
                {selector: "node", style: {"label": "data(label)", "font-size": 11, "color": text,
                    "text-valign": "bottom", "text-margin-y": 4, "width": 34, "height": 22}},
                {selector: "node.entity", style: {"shape": "round-rectangle", "background-color": "#1976d2"}},
                {selector: "node.load", style: {"shape": "diamond", "background-color": "#2e7d32", "width": 26, "height": 26}},
                {selector: "node.table", style: {"shape": "ellipse", "background-color": "#9e9e9e"}},
                {selector: "node.focus", style: {"border-width": 4, "border-color": "#ff9800"}},
                {selector: "edge", style: {"width": 1.5, "curve-style": "bezier", "target-arrow-shape": "triangle",
                    "line-color": "#90a4ae", "target-arrow-color": "#90a4ae"}}
            ],
            layout: {
                name: "breadthfirst",
                directed: true,
                roots: roots || undefined,
                spacingFactor: 1.1,
                // breadthfirst layers top to bottom; turned a quarter so data flows left to right.
                transform: function (node, position) { return {x: position.y * 1.8, y: position.x * 0.6}; }
            }
        });
        cy.on("tap", "node", function (event) {
            var url = event.target.data("url");
            if (url) {
                window.location.href = url;
            }
        });
        cy.on("mouseover", "node", function (event) {
            box.style.cursor = event.target.data("url") ? "pointer" : "default";
        });
        cy.on("mouseout", "node", function () { box.style.cursor = "default"; });
        window.loadsmithLineage = cy;
    }

    document.addEventListener("DOMContentLoaded", draw);
})();
