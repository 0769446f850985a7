# bash completion for watviz(1)
#
# Options come from `watviz --help`, --arch names and aliases from
# `watviz --list-arch`, --lesson numbers and names from `watviz --list-lessons`
# (so new lesson files complete too, and --lessons-dir DIR on the line is
# honoured).  The watviz asked is the one being completed (./watviz too).
# Needs nothing from the bash-completion package; it only installs it.
# SPDX-License-Identifier: GPL-3.0-or-later

# The --lessons-dir given earlier on the line, as an option to pass on.
_watviz_lessons_dir()
{
	local i
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		--lessons-dir)
			if [[ ${COMP_WORDS[i + 1]} == = ]]; then
				printf '%s\n' "--lessons-dir=${COMP_WORDS[i + 2]}"
			else
				printf '%s\n' "--lessons-dir=${COMP_WORDS[i + 1]}"
			fi
			return
			;;
		esac
	done
}

# The sub-step names --step takes, for the rest of the line.  Its own value
# is left out, however bash split it ("--step = has_zero : 3").
_watviz_steps()
{
	local i args=()
	for ((i = 1; i < ${#COMP_WORDS[@]}; i++)); do
		case ${COMP_WORDS[i]} in
		--svg | --cast | --plain | --json) ;;
		--step | --record | --cast-size | --theme)	# its value, after any '='
			[[ ${COMP_WORDS[i + 1]} == = ]] && ((i++))
			((i++))
			# "has_zero:3" split at ':' (COMP_WORDBREAKS)
			if [[ ${COMP_WORDS[i + 1]} == : ]]; then
				((i++))
				((i + 1 < ${#COMP_WORDS[@]})) && ((i++))
			fi ;;
		*) args+=("${COMP_WORDS[i]}") ;;
		esac
	done
	"$1" "${args[@]}" --list-steps 2>/dev/null | cut -d' ' -f1
}

_watviz()
{
	local prog=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} opt="" i words colon
	local dir

	# "--step has_zero:3": bash splits at ':' too (COMP_WORDBREAKS), giving
	# --step, has_zero, :, 3; the replies then stand for what follows the
	# colon (with it, when the colon is the word being completed)
	local name=""
	if ((COMP_CWORD >= 3)) && [[ ${COMP_WORDS[COMP_CWORD - 1]} == : ]] &&
		[[ ${COMP_WORDS[COMP_CWORD - 3]} == --step ]]; then
		name=${COMP_WORDS[COMP_CWORD - 2]} colon=""
	elif ((COMP_CWORD >= 2)) && [[ $cur == : ]] &&
		[[ ${COMP_WORDS[COMP_CWORD - 2]} == --step ]]; then
		name=${COMP_WORDS[COMP_CWORD - 1]} colon=: cur=""
	fi
	if [[ -n $name ]]; then
		mapfile -t COMPREPLY < <(_watviz_steps "$prog" |
			sed -n "s/^${name//[^A-Za-z0-9_@]/}://p" | grep -- "^$cur" |
			sed "s/^/$colon/")
		return 0
	fi

	# "--arch=pp": bash splits at '=' (COMP_WORDBREAKS), giving --arch, =, pp
	if ((COMP_CWORD >= 2)) && [[ ${COMP_WORDS[COMP_CWORD - 1]} == = ]]; then
		opt=${COMP_WORDS[COMP_CWORD - 2]}
	elif [[ $cur == = ]] && ((COMP_CWORD >= 1)); then
		opt=${COMP_WORDS[COMP_CWORD - 1]}
		cur=""
	elif ((COMP_CWORD >= 1)); then
		opt=${COMP_WORDS[COMP_CWORD - 1]}
	fi
	# after "--" every argument is the word
	for ((i = 1; i < COMP_CWORD; i++)); do
		[[ ${COMP_WORDS[i]} == -- ]] && return 0
	done

	COMPREPLY=()
	case $opt in
	--arch)
		# "ppc64 (ppc powerpc)   64-bit big ...": the names before the width
		words=$("$prog" --list-arch 2>/dev/null |
			awk '{ for (i = 1; i <= NF && $i !~ /-bit$/; i++) {
				gsub(/[()]/, "", $i); print $i } }')
		;;
	--lesson)
		# "  8  hash_name: NUL or '/', both masks OR-ed (hash-name)"
		dir=$(_watviz_lessons_dir)
		words=$("$prog" --list-lessons ${dir:+"$dir"} 2>/dev/null |
			sed -n 's/^ *\([0-9][0-9]*\)  .*(\([^()]*\))$/\1 \2/p')
		;;
	--color | --colour)
		words="auto always never"
		;;
	--theme)
		words="light dark"
		;;
	--check-lesson)
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		return 0
		;;
	--lessons-dir)
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -d -- "$cur")
		return 0
		;;
	--offset | --fill | --delim | --autoplay)
		return 0
		;;
	--step)
		# the NAME:K --list-steps gives for the word and options on the
		# line (without --svg and --step, which it does not take)
		words=$(_watviz_steps "$prog")
		;;
	--cast-size)
		words="80x24 100x30 120x36 160x48"
		;;
	--record)
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		return 0
		;;
	*)
		[[ $cur == -* ]] || return 0
		words=$("$prog" --help 2>/dev/null | grep -o -- ' -[a-zA-Z-]*' | sort -u)
		;;
	esac
	mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
	return 0
}

complete -F _watviz watviz
