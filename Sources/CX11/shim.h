#ifndef VITRINE_CX11_SHIM_H
#define VITRINE_CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/XKBlib.h>
#include <X11/keysym.h>
#include <X11/cursorfont.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <stdlib.h>
#include <wchar.h>

/* An input context on `window` that needs no preedit or status area: XCreateIC is
   variadic, which Swift cannot call. */
static inline XIC vitrine_create_ic(XIM im, Window window) {
    return XCreateIC(im, XNInputStyle, (long)(XIMPreeditNothing | XIMStatusNothing),
                     XNClientWindow, window, XNFocusWindow, window, (char *)0);
}
/* Whether an event belongs to the selection protocol (ICCCM 2): what the clipboard
   handles while it waits for another client's answer. */
static inline Bool vitrine_is_selection_event(Display *display, XEvent *event, XPointer arg) {
    (void)display;
    (void)arg;
    return event->type == SelectionRequest || event->type == SelectionNotify
        || event->type == SelectionClear || event->type == PropertyNotify;
}

/* Takes the first queued event of the selection protocol, reading what the server sent,
   and leaves every other event queued in order: XCheckIfEvent with the predicate above. */
static inline Bool vitrine_next_selection_event(Display *display, XEvent *event) {
    return XCheckIfEvent(display, event, vitrine_is_selection_event, NULL);
}
/* The PropertyNotify of one atom on one window, for a server timestamp. */
typedef struct { Window window; Atom atom; } VitrinePropertyMatch;

static inline Bool vitrine_is_property_notify(Display *display, XEvent *event, XPointer arg) {
    (void)display;
    const VitrinePropertyMatch *m = (const VitrinePropertyMatch *)arg;
    return event->type == PropertyNotify && event->xproperty.window == m->window
        && event->xproperty.atom == m->atom;
}

/* The server's time now (ICCCM 2.1): a zero-length append to a property of `window`
   (which selects PropertyChangeMask) makes a PropertyNotify stamped with it; the event is
   taken out of the queue and no other. CurrentTime (0) when it did not come. */
static inline Time vitrine_server_time(Display *display, Window window, Atom property) {
    unsigned char nothing = 0;
    XChangeProperty(display, window, property, XA_STRING, 8, PropModeAppend, &nothing, 0);
    XSync(display, False);
    VitrinePropertyMatch match = { window, property };
    XEvent event;
    if (XCheckIfEvent(display, &event, vitrine_is_property_notify, (XPointer)&match))
        return event.xproperty.time;
    return CurrentTime;
}

/* ---- Input methods: styles, on-the-spot preedit, a server's death ---- */

/* The styles an input method lists (XNQueryInputStyle), at most `max`; 0 when none. */
static inline int vitrine_im_styles(XIM im, unsigned long *out, int max) {
    XIMStyles *styles = NULL;
    if (XGetIMValues(im, XNQueryInputStyle, &styles, (char *)0) != NULL || styles == NULL) return 0;
    int n = styles->count_styles < max ? styles->count_styles : max;
    for (int i = 0; i < n; i++) out[i] = styles->supported_styles[i];
    XFree(styles);
    return n;
}

/* What the preedit callbacks report, in plain values: kind 0 start, 1 draw (replace
   `length` characters at `first` by `text`, UTF-8, NULL for none; the caret after),
   2 caret (`first` is the XIMCaretDirection, `caret` the absolute position), 3 done. */
typedef void (*VitrinePreeditFn)(void *data, int kind, const char *text, int first, int length, int caret);
typedef struct {
    VitrinePreeditFn fn;
    void *data;
} VitrinePreeditTarget;

static int vitrine_preedit_start(XIC ic, XPointer client, XPointer call) {
    (void)ic;
    (void)call;
    VitrinePreeditTarget *t = (VitrinePreeditTarget *)client;
    t->fn(t->data, 0, NULL, 0, 0, 0);
    return -1; /* no limit on the preedit's length */
}

static void vitrine_preedit_draw(XIC ic, XPointer client, XPointer call) {
    (void)ic;
    VitrinePreeditTarget *t = (VitrinePreeditTarget *)client;
    XIMPreeditDrawCallbackStruct *d = (XIMPreeditDrawCallbackStruct *)call;
    const char *text = NULL;
    char *made = NULL;
    if (d->text != NULL) {
        if (d->text->encoding_is_wchar) {
            /* glibc's wchar_t holds code points: written out as UTF-8 by hand. */
            const wchar_t *w = d->text->string.wide_char;
            made = malloc((size_t)d->text->length * 4 + 1);
            if (made != NULL) {
                size_t n = 0;
                for (int i = 0; w != NULL && i < d->text->length; i++) {
                    unsigned int c = (unsigned int)w[i];
                    if (c < 0x80) { made[n++] = (char)c; }
                    else if (c < 0x800) { made[n++] = (char)(0xC0 | (c >> 6)); made[n++] = (char)(0x80 | (c & 0x3F)); }
                    else if (c < 0x10000) { made[n++] = (char)(0xE0 | (c >> 12)); made[n++] = (char)(0x80 | ((c >> 6) & 0x3F)); made[n++] = (char)(0x80 | (c & 0x3F)); }
                    else { made[n++] = (char)(0xF0 | (c >> 18)); made[n++] = (char)(0x80 | ((c >> 12) & 0x3F)); made[n++] = (char)(0x80 | ((c >> 6) & 0x3F)); made[n++] = (char)(0x80 | (c & 0x3F)); }
                }
                made[n] = 0;
                text = made;
            }
        } else {
            text = d->text->string.multi_byte;
        }
    }
    t->fn(t->data, 1, text, d->chg_first, d->chg_length, d->caret);
    free(made);
}

static void vitrine_preedit_caret(XIC ic, XPointer client, XPointer call) {
    (void)ic;
    VitrinePreeditTarget *t = (VitrinePreeditTarget *)client;
    XIMPreeditCaretCallbackStruct *c = (XIMPreeditCaretCallbackStruct *)call;
    t->fn(t->data, 2, NULL, (int)c->direction, 0, c->position);
}

static void vitrine_preedit_done(XIC ic, XPointer client, XPointer call) {
    (void)ic;
    (void)call;
    VitrinePreeditTarget *t = (VitrinePreeditTarget *)client;
    t->fn(t->data, 3, NULL, 0, 0, 0);
}

/* An input context drawing its preedit through the callbacks above (on-the-spot). */
static inline XIC vitrine_create_ic_callbacks(XIM im, Window window, VitrinePreeditTarget *target) {
    XIMCallback start = { (XPointer)target, (XIMProc)(void *)vitrine_preedit_start };
    XIMCallback draw = { (XPointer)target, (XIMProc)vitrine_preedit_draw };
    XIMCallback caret = { (XPointer)target, (XIMProc)vitrine_preedit_caret };
    XIMCallback done = { (XPointer)target, (XIMProc)vitrine_preedit_done };
    XVaNestedList list = XVaCreateNestedList(0, XNPreeditStartCallback, &start, XNPreeditDrawCallback, &draw,
                                             XNPreeditCaretCallback, &caret, XNPreeditDoneCallback, &done, (char *)0);
    XIC ic = XCreateIC(im, XNInputStyle, (long)(XIMPreeditCallbacks | XIMStatusNothing), XNClientWindow, window,
                       XNFocusWindow, window, XNPreeditAttributes, list, (char *)0);
    XFree(list);
    return ic;
}

/* Calls `proc` with `data` when the input method's server goes away (XNDestroyCallback). */
static inline void vitrine_watch_im(XIM im, XIMProc proc, XPointer data) {
    XIMCallback callback = { data, proc };
    XSetIMValues(im, XNDestroyCallback, &callback, (char *)0);
}
#endif
