#!/bin/sh
# One self-contained page: assemble.sh WEBDIR ROLES.css MODULE.wasm OUT.html
# src/front/web/page.html with its styles, its scripts and the module (base64) put
# in, so the page requests nothing and opens from file:// as from a server.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
dir=$1 roles=$2 wasm=$3 out=$4
tmp=$out.tmp
cat "$dir/page.css" "$roles" >"$tmp.css"
cat "$dir/wasi.js" "$dir/core.js" "$dir/page.js" >"$tmp.js"
# the prover's worker: its own copy of the glue (a worker shares no script)
cat "$dir/wasi.js" "$dir/core.js" "$dir/worker.js" >"$tmp.worker.js"
base64 -w 0 "$wasm" >"$tmp.b64"
if grep -qi '</script' "$tmp.js" "$tmp.worker.js"; then
	echo "assemble.sh: a script holds </script>, which would end it early" >&2
	exit 1
fi
awk -v css="$tmp.css" -v js="$tmp.js" -v b64="$tmp.b64" -v worker="$tmp.worker.js" '
	function put(f,   line) { while ((getline line < f) > 0) print line; close(f) }
	/^@@CSS@@$/ { put(css); next }
	/^@@JS@@$/ { put(js); next }
	/^@@WORKER@@$/ { put(worker); next }
	/^@@WASM@@$/ { put(b64); print ""; next }
	{ print }' "$dir/page.html" >"$tmp"
rm -f "$tmp.css" "$tmp.js" "$tmp.b64" "$tmp.worker.js"
mv "$tmp" "$out"
