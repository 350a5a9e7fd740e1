/* Lineage graph: Cytoscape.js draws the graph the page carries as JSON, in layers from left to right. */
(function () {
    "use strict";

    /** The smallest size of a label on screen, in CSS pixels. */
    var LABEL_PX = 11;

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
        var cy = null;
        function zoom() { return cy ? cy.zoom() : 1; }
        cy = cytoscape({
            container: box,
            elements: elements,
            wheelSensitivity: 0.3,
            style: [
                // Labels keep 11 px on screen at any zoom: the font grows as the graph is zoomed out.
                {selector: "node", style: {"label": "data(label)", "font-size": function () { return LABEL_PX / Math.min(1, zoom()); }, "color": text,
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
                // breadthfirst layers top to bottom, spread over the box turned a quarter, then turned
                // back so data flows left to right and the graph fills the box at zoom 1: laid out in
                // the box itself, the quarter turn made it 1.8 times too wide and the fit shrank it.
                boundingBox: {x1: 0, y1: 0, w: box.clientHeight, h: box.clientWidth},
                transform: function (node, position) { return {x: position.y, y: position.x}; }
            }
        });
        cy.on("zoom", function () { cy.style().update(); });
        cy.style().update(); // the layout's fit zoomed before there was a cy to ask
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
