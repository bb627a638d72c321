#!/bin/sh
# Builds embed.c with pkg-config against the prefix $1: into $2 with the shared libraries,
# and into $2-static with the static ones (pkg-config --static adds the private libraries,
# LLVM's link line among them; the archives are named by path so that ld cannot pick the .so).
set -e
export PKG_CONFIG_PATH="$1/lib/pkgconfig"
dir=$(dirname "$0")
cc -std=c11 "$dir/embed.c" -o "$2" $(pkg-config --cflags --libs tilec tilert) -Wl,-rpath,"$1/lib"
static_libs=$(pkg-config --static --libs tilec tilert | sed \
  -e "s|-ltilec_llvm|$1/lib/libtilec_llvm.a|" -e "s|-ltilec_core|$1/lib/libtilec_core.a|" \
  -e "s#-ltilec\( \|$\)#$1/lib/libtilec.a #" -e "s|-ltilert|$1/lib/libtilert.a|")
cc -std=c11 "$dir/embed.c" -o "$2-static" $(pkg-config --cflags tilec tilert) $static_libs
