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
#endif
