/*
 * app/lessonview.h - the lesson screens, built as frames (render/screen.h).
 *
 * Pure code, as app/view.h: the class state in (app/classroom.h), a
 * frame out.  The scene screen is the main view with the lesson's narration,
 * question or worked answer in place of the step explanation; while a
 * question is open the bits are hidden, since they would give it away.
 * --present draws fewer, larger things: no memory panel, spaced bits where
 * the width allows, the narration double-spaced.  After the last scene comes
 * the end screen.  Smaller than WV_VIEW_MIN_COLS x WV_VIEW_MIN_ROWS: the
 * too-small screen.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_LESSONVIEW_H
#define WATVIZ_LESSONVIEW_H

#include "app/classroom.h"
#include "render/screen.h"

/* Build the screen c's phase and app->view ask for into f. */
void wv_lessonview_build(struct wv_frame *f, const struct wv_class *c);

/* The single screens, for tests. */
void wv_lessonview_scene(struct wv_frame *f, const struct wv_class *c);
void wv_lessonview_present(struct wv_frame *f, const struct wv_class *c);
/* A scene in the split view (its "split:" key, v, :split): the narration,
   then the scene's word on both variants (app/view.h). */
void wv_lessonview_split(struct wv_frame *f, const struct wv_class *c);
void wv_lessonview_end(struct wv_frame *f, const struct wv_class *c);
/* W (c->text_whole): the scene's text over the screen, the bits and the
   memory set aside: the narration (and while the question is asked, the
   question after it) or the worked answer, what a small screen or
   --present cuts.  The same text as the panel, so nothing a question
   hides. */
void wv_lessonview_text(struct wv_frame *f, const struct wv_class *c);

/* What a panel whose text is cut says at its end: the key that reads it
   (with a question asked, its answer line takes the W: Esc leaves it). */
#define WV_LESSONVIEW_CUT_HINT "(cut: W shows it all)"
#define WV_LESSONVIEW_CUT_HINT_ASK "(cut: Esc, W shows it all)"

/*
 * The lesson's text panel as the screen shows it now, as one line of plain
 * text into out (for a screen reader: the web page's live region): the
 * narration; while the question is asked, the narration and the question
 * (its choices, its hint, what was wrong); once answered, the worked
 * answer.  Built by the code that draws the panel, so it says nothing the
 * screen hides.  "" on the end screen.  Returns its length.
 */
size_t wv_lessonview_said(const struct wv_class *c, char *out, size_t size);

#endif /* WATVIZ_LESSONVIEW_H */
