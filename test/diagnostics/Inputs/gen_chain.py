# Writes a kernel whose one expression is a chain of N links of the given kind (argv[1]):
# add (x + x + ...), attr (x.T.T...), call (x()()...), index (x[0][0]...).
import sys

kind, n = sys.argv[1], int(sys.argv[2])
link = {"add": " + x", "attr": ".T", "call": "()", "index": "[0]"}[kind]
print("import triton\nimport triton.language as tl\n\n@triton.jit\ndef k(p: \"*fp32\"):")
print("    x = tl.load(p)")
print("    y = x" + link * n)
print("    tl.store(p, y)")
