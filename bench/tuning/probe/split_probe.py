"""nvJitLink's -split-compile on one multi-kernel PTX module, each run in a fresh process.

Session 5 measured the 8-variant matmul module assembling in 1.3 ms with
TILERT_ASSEMBLER_THREADS=16 (-split-compile=16) against 686 ms without, which no thread count
explains. This probe calls nvJitLink directly (ctypes) in fresh processes, the split run
first, and reports each run's time, the cubin's size and hash, and its .text sections (one
per kernel when every kernel was compiled), so the two outputs can be compared.

    python3 bench/tuning/probe/split_probe.py MODULE.ptx [--arch sm_90a] [--lib PATH]
"""
import ctypes, hashlib, json, os, struct, subprocess, sys, time


def find_lib(given):
    if given:
        return given
    for d in (os.environ.get("CUDA_HOME", ""), "/usr/local/cuda"):
        for sub in ("lib64", "lib"):
            p = os.path.join(d, sub, "libnvJitLink.so.13")
            if d and os.path.exists(p):
                return p
    return "libnvJitLink.so.13"


def text_sections(elf):
    """Names of the ELF's sections that start with .text (64-bit little-endian ELF)."""
    if elf[:4] != b"\x7fELF":
        return ["<not ELF>"]
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x3A)
    def sec(i):
        return struct.unpack_from("<IIQQQQIIQQ", elf, shoff + i * shentsize)
    stroff = sec(shstrndx)[4]
    names = []
    for i in range(shnum):
        n = sec(i)[0]
        end = elf.index(b"\0", stroff + n)
        names.append(elf[stroff + n:end].decode())
    return [n for n in names if n.startswith(".text")]


def one(ptx_path, arch, lib, threads):
    jl = ctypes.CDLL(lib)
    ptx = open(ptx_path, "rb").read()
    opts = [f"-arch={arch}".encode(), b"-O3"]
    if threads > 1:
        opts.append(f"-split-compile={threads}".encode())
    arr = (ctypes.c_char_p * len(opts))(*opts)
    h = ctypes.c_void_p()
    t0 = time.perf_counter()
    r = jl.nvJitLinkCreate(ctypes.byref(h), len(opts), arr)
    r = r or jl.nvJitLinkAddData(h, 2, ptx, ctypes.c_size_t(len(ptx)), b"probe")
    r = r or jl.nvJitLinkComplete(h)
    size = ctypes.c_size_t()
    r = r or jl.nvJitLinkGetLinkedCubinSize(h, ctypes.byref(size))
    buf = ctypes.create_string_buffer(size.value)
    r = r or jl.nvJitLinkGetLinkedCubin(h, buf)
    ms = (time.perf_counter() - t0) * 1e3
    elf = buf.raw
    print(json.dumps({"threads": threads, "rc": r, "ms": round(ms, 2), "bytes": len(elf),
                      "sha": hashlib.sha256(elf).hexdigest()[:16],
                      "text_sections": len(text_sections(elf)) if not r else None}))


def main():
    a = sys.argv[1:]
    if len(a) >= 2 and a[0] == "--one":
        return one(a[1], a[2], a[3], int(a[4]))
    ptx = a[0]
    arch = a[a.index("--arch") + 1] if "--arch" in a else "sm_90a"
    lib = find_lib(a[a.index("--lib") + 1] if "--lib" in a else None)
    for t in (16, 1, 16, 1):
        subprocess.run([sys.executable, __file__, "--one", ptx, arch, lib, str(t)], check=False)


if __name__ == "__main__":
    main()
