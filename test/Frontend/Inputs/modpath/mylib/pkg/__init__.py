from .inner import inner_fn  # a package re-exporting a submodule's jit function
