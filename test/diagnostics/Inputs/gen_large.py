# Writes large but valid kernel files for the compile-time scaling test (argv[1] = kind):
# kernels (1000 small kernels in one file), params (20,000 parameters), stmts (one kernel of
# 80,000 statements, all different to CSE).
import sys

kind = sys.argv[1]
out = ["import triton", "import triton.language as tl", ""]
if kind == "kernels":
    for i in range(1000):
        out += ["@triton.jit", f"def k{i}(p: \"*fp32\"):", "    x = tl.load(p)", "    tl.store(p, x + 1.0)", ""]
elif kind == "params":
    params = ", ".join(f"a{i}: \"i32\"" for i in range(20000))
    out += ["@triton.jit", f"def k(p: \"*fp32\", {params}):", "    tl.store(p, 1.0)"]
elif kind == "stmts":
    out += ["@triton.jit", "def k(p: \"*fp32\"):", "    x = tl.load(p)"]
    out += [f"    x = x + {i}.0" for i in range(80000)]
    out += ["    tl.store(p, x)"]
print("\n".join(out))
