#!/bin/bash
# Runs under `dbus-run-session`: a session bus of the test's own. Starts the
# accessibility bus and registry from at-spi2-core, the gallery ($GALLERY) on $DISPLAY,
# a second gallery with VITRINE_ACCESSIBILITY=0 (which the client ends once it has seen
# that it is not there), then the client ($CLIENT), whose output and status are the
# test's.
set -u
launcher=/usr/libexec/at-spi-bus-launcher
registry=/usr/libexec/at-spi2-registryd
"$launcher" --launch-immediately >/dev/null 2>&1 &
launcher_pid=$!
for _ in $(seq 1 600); do
    dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress >/dev/null 2>&1 && break
    sleep 0.05
done
"$registry" >/dev/null 2>&1 &
registry_pid=$!
"$GALLERY" >"$WORK/gallery.out" 2>&1 &
gallery_pid=$!
VITRINE_ACCESSIBILITY=0 "$GALLERY" >"$WORK/silent.out" 2>&1 &
silent_pid=$!
GALLERY_PID=$gallery_pid SILENT_PID=$silent_pid /usr/bin/python3 -u "$CLIENT"
status=$?
kill "$gallery_pid" "$silent_pid" "$registry_pid" "$launcher_pid" 2>/dev/null
wait 2>/dev/null
exit $status
