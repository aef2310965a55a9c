#!/bin/sh
# An IBus input method with its XIM front end on $DISPLAY, under a session bus of its
# own: the daemon, the US keyboard engine (whose Ctrl+Shift+U composes a character by
# its code point, shown as preedit), then the pid of the XIM server written to $1 and
# a wait until the test ends the session.
set -u
ibus-daemon --xim --panel=disable --emoji-extension=disable --config=disable --daemonize || exit 1
for i in $(seq 1 100); do
    ibus engine xkb:us::eng 2>/dev/null && pgrep -f ibus-x11 > "$1.tmp" && break
    sleep 0.1
done
mv "$1.tmp" "$1"
exec sleep 600
