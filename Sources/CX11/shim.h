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
#endif
