#!/bin/sh
# One-off helper (issue 43): give the libraries' private externs their
# layer's prefix.  Idempotent: run it again after a merge brings new uses.
# Usage: tools/rename-private.sh   (from the top of the tree)
set -eu
ren() {	# ren DIR PREFIX NAME...
	dir=$1 pre=$2
	shift 2
	files=$(find "$dir" -name '*.[ch]')
	for n in "$@"; do
		# a call or definition: NAME followed by '(' and not a member
		# (x.NAME( or x->NAME() or already prefixed
		perl -pi -e "s/(?<![.>\\w])$n(?=\\s*\\()/$pre$n/g" $files
	done
}
renv() {	# renv DIR PREFIX NAME...: an object, every use
	dir=$1 pre=$2
	shift 2
	files=$(find "$dir" -name '*.[ch]')
	for n in "$@"; do
		perl -pi -e "s/(?<![.>\\w])$n(?!\\w)/$pre$n/g" $files
	done
}
ren src/trace tr_ addr_list addr_of do_create do_delim_has_zero do_find \
	do_has_zero do_load do_prep do_prestart do_zbm do_zeropad draw_add \
	draw_below_lowest draw_bytemask draw_cheap draw_exact draw_sub \
	edge_sentence leading_zero_bits mark_any mark_bitmap mark_flags \
	mark_flags_word mark_kept mark_zero nonzero_bytes note_false_pos \
	row_add step_detail step_open step_result sub_detail sub_new \
	trailing_zero_bits
ren src/lesson ls_ close_scene fail full narration_constant number_named \
	parse_line record result_sub
renv src/lesson ls_ ask_names
ren src/app app_ reg_layout title_bar
ren src/prove pv_ stop_asked stop_begin stop_end
