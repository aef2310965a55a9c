#!/bin/sh
# An IBus input method with its XIM front end on $DISPLAY, under a session bus of its
# own: the daemon and its US keyboard engine; then, once the XIM server (ibus-x11, found
# by its display: it detaches from the daemon) has registered on the display (a window
# opened before then finds no input method), its pid written to $1 and this script's to
# $1.session. SIGTERM to this script ends them, and the session with it.
set -u
ibus-daemon --xim --panel=disable --emoji-extension=disable --config=disable &
daemon=$!
sleeper=""
xim=""
trap 'kill $daemon $xim $sleeper 2>/dev/null; wait $daemon 2>/dev/null; exit 0' TERM INT
# Up to some 30 seconds: a loaded machine starts IBus slowly.
for i in $(seq 1 300); do
    if ibus engine xkb:us::eng 2>/dev/null; then
        for p in $(pgrep -f /ibus-x11); do
            tr '\0' '\n' < "/proc/$p/environ" 2>/dev/null | grep -qx "DISPLAY=$DISPLAY" && xim=$p
        done
        [ -n "$xim" ] && xprop -root XIM_SERVERS 2>/dev/null | grep -q "@server=ibus" && break
    fi
    sleep 0.1
done
echo $$ > "$1.session"
echo "$xim" > "$1.tmp"
mv "$1.tmp" "$1"
sleep 600 &
sleeper=$!
wait $sleeper
kill $daemon 2>/dev/null
