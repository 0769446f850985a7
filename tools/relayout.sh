#!/bin/sh
# One-off helper (issue 43): put each header beside its layer and the
# front-ends under src/front/.  include/watviz/ keeps only the installed
# core API (wat.h, wordops.h, watsteps.h, str.h); every other header moves
# to its layer's folder and is included as "LAYER/NAME.h" (-Isrc); the
# terminal (src/ui) becomes src/front/term, the page (src/web and web/)
# src/front/web.  Idempotent: run it again after a merge brings a branch
# written before the move (git carries renamed files; this fixes the
# include lines and the paths named in text).
# Usage: tools/relayout.sh   (from the top of the tree)
set -eu

mv_if() {	# mv_if FROM TO: git mv unless already moved
	if [ -e "$1" ]; then
		mkdir -p "$(dirname "$2")"
		git mv "$1" "$2"
	fi
}

# the lesson's private header gives its name to the public one
if [ -e include/watviz/lesson.h ]; then
	mv_if src/lesson/lesson.h src/lesson/internal.h
fi
perl -pi -e 's/^(\s*#\s*include\s*)"lesson\.h"/$1"internal.h"/' src/lesson/*.[ch]

# the front-ends
if [ -d src/ui ]; then
	for f in src/ui/*; do mv_if "$f" "src/front/term/$(basename "$f")"; done
fi
if [ -d src/web ]; then
	for f in $(cd src/web && find . -type f); do
		mv_if "src/web/$f" "src/front/web/${f#./}"
	done
fi
if [ -d web ]; then
	for f in web/*; do mv_if "$f" "src/front/web/$(basename "$f")"; done
fi

# HEADER LAYER-FOLDER [NEW-NAME]
MAP='measure measure
expr expr
error expr
trace trace
word trace
stepname trace
try try
prove prove
dl prove
lesson lesson
pace lesson
rules lesson
live live
screen render
plain render
json render
handout render
svg render
ansi render
theme render
look render
hide render
html render
weblink render
app app
classroom app
cmdline app
keys app
lessonview app
view app
progress app
state app
cast app
ui app options
session session
link session
history front/term
prompt front/term
render front/term
term front/term
cli cli
classsrv front/class'

# the includes and every mention in text: include/watviz/NAME.h and
# watviz/NAME.h become src/DIR/NEW.h and DIR/NEW.h
echo "$MAP" | while read -r name dir new; do
	new=${new:-$name}
	mv_if "include/watviz/$name.h" "src/$dir/$new.h"
	printf 's{include/watviz/%s\\.h}{src/%s/%s.h}g;\n' "$name" "$dir" "$new"
	printf 's{(?<![\\w/.-])watviz/%s\\.h}{%s/%s.h}g;\n' "$name" "$dir" "$new"
done >.relayout.pl

# paths named in code, build files, scripts and docs
text=$(git ls-files | grep -v -E '^(tools/relayout\.sh|tests/golden/|lessons/.*\.lesson$)' |
	grep -E '\.(c|h|sh|mk|md|py|js|html|css|1)$|^Makefile$|^\.ci/|^debian/|^completion/' )
perl -pi .relayout.pl $text
rm -f .relayout.pl
perl -pi -e '
	s{(?<![\w/.-])src/ui(?![\w])}{src/front/term}g;
	s{(?<![\w/.-])src/web(?![\w])}{src/front/web}g;
	s{(?<![\w/.-])web/(core\.js|page\.js|page\.css|page\.html|wasi\.js|worker\.js|web\.mk|assemble\.sh|embed-lessons\.sh|rolecss\.c)}{src/front/web/$1}g;
	s{\$ROOT/web/}{\$ROOT/src/front/web/}g;
	s{\x27\.\.\x27, \x27\.\.\x27, \x27web\x27\)}{\x27..\x27, \x27..\x27, \x27src\x27, \x27front\x27, \x27web\x27)}g;
' $text
