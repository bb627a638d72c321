# lit configuration for tilec. Every test is a shell test whose RUN lines drive tilec,
# tilec-opt or a test program, and whose CHECK lines FileCheck reads.
import os
import shutil

import lit.formats

config.name = "tilec"
config.test_format = lit.formats.ShTest(execute_external=False)
# .tir: kernel sources; .ir: textual tile/tgpu IR; .test: anything else (RUN lines only).
config.suffixes = [".tir", ".ir", ".test"]
config.excludes = ["Inputs", "gpu", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tilec_obj_root, "test")

bindir = config.tilec_obj_root
config.substitutions.append(("%tilec-opt", os.path.join(bindir, "tilec-opt")))
config.substitutions.append(("%tilec", os.path.join(bindir, "tilec")))
config.substitutions.append(("%bindir", bindir))
config.substitutions.append(("%examples", os.path.join(config.tilec_src_root, "examples")))
config.substitutions.append(("%srcroot", config.tilec_src_root))
config.environment["PATH"] = os.pathsep.join([config.llvm_bindir, bindir, config.environment.get("PATH", "")])
# Python run by a test must not write __pycache__ folders into the source tree.
config.environment["PYTHONDONTWRITEBYTECODE"] = "1"
for var in ("CUDA_HOME", "TILEC_LIBDEVICE", "ASAN_OPTIONS", "UBSAN_OPTIONS", "HOME"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

ptxas = shutil.which("ptxas") or (os.path.exists("/usr/local/cuda/bin/ptxas") and "/usr/local/cuda/bin/ptxas")
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
# nvJitLink (the runtime's in-process PTX assembler): the toolkit's copy, where installed.
for root in (os.environ.get("CUDA_HOME", ""), "/usr/local/cuda"):
    if root and any(os.path.exists(os.path.join(root, d, "libnvJitLink.so.13")) for d in ("lib64", "lib")):
        config.available_features.add("nvjitlink")
        break
if config.tilec_asan:
    config.available_features.add("asan")
