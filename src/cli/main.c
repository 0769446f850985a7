/*
 * watviz entry point (minimal until the CLI lands): lists the variants.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>

#include "watviz/wat.h"

int main(void)
{
	for (size_t i = 0; i < wv_wat_count(); i++) {
		const struct wv_variant *v = wv_wat_at(i);

		printf("%-13s %2u-bit %-6s %s\n", v->name, v->bits,
		       v->endian == WV_LITTLE ? "little" : "big", v->summary);
	}
	return 0;
}
