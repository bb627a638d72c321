from .. import nothing  # beyond the top-level package
