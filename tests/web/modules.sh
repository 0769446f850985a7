#!/bin/sh
# Prints the folder that holds the page's npm test tools (playwright-core and
# axe-core, pinned by tests/web/package-lock.json) as NODE_MODULES_DIR/node_modules:
# tools/deps.sh installs them there and tests/web/run-web.sh runs page.js with
# NODE_PATH pointing into it.  Outside the tree, so that make clean and
# make distcheck find nothing make check made in it, and kept over make clean
# (no second download): ${XDG_CACHE_HOME:-$HOME/.cache}/watviz/web-tests-SUM,
# SUM the lock file's cksum, so a changed lock file gets a folder of its own.
# WATVIZ_NODE_MODULES_DIR overrides it.  Exits 1, printing nothing, when
# there is no such place (no HOME).
#   sh tests/web/modules.sh
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
if [ -n "${WATVIZ_NODE_MODULES_DIR:-}" ]; then
	echo "$WATVIZ_NODE_MODULES_DIR"
	exit 0
fi
cache=${XDG_CACHE_HOME:-${HOME:+$HOME/.cache}}
[ -n "$cache" ] || exit 1
sum=$(cksum <"$(dirname "$0")/package-lock.json" | cut -d' ' -f1) || exit 1
echo "$cache/watviz/web-tests-$sum"
