#!/usr/bin/env python3
"""Which top-level package under io.loadsmith imports which (from import lines and fully qualified names)."""
import os, re, sys, collections
root = sys.argv[1] if len(sys.argv) > 1 else 'src/main/java/io/loadsmith'
edges = collections.defaultdict(set)
pat = re.compile(r'\bio\.loadsmith\.([a-z]+)\b')
for d, _, fs in os.walk(root):
    rel = os.path.relpath(d, root)
    top = rel.split(os.sep)[0] if rel != '.' else '(root)'
    for f in fs:
        if not f.endswith('.java'):
            continue
        text = open(os.path.join(d, f), encoding='utf-8').read()
        # Names in string literals (e.g. @ControllerAdvice basePackages) are not imports.
        text = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', text)
        for m in pat.finditer(text):
            other = m.group(1)
            if other != top and os.path.isdir(os.path.join(root, other)):
                edges[top].add(other)
for p in sorted(edges):
    print(f"{p} -> {', '.join(sorted(edges[p]))}")
two = sorted({tuple(sorted((a, b))) for a in edges for b in edges[a] if a in edges.get(b, ())})
print("two-way pairs:", ', '.join(f"{a}<->{b}" for a, b in two) if two else "none")
