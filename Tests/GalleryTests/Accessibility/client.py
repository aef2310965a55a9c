"""An assistive technology's view of the gallery, through pyatspi: finds the
application, walks its whole tree, presses and toggles controls through Action, sets
a value, selects a segment, moves the keyboard focus, and listens for the events all
of that sends. Prints one JSON object; the Swift test makes the assertions."""

import json
import os
import subprocess
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
import pyatspi
from gi.repository import Atspi, Gio, GLib

# libatspi gives a question 800 ms and then reads an empty answer: on a loaded machine
# (the whole test suite running at once) a debug build may take longer.
Atspi.set_timeout(20000, 60000)

out = {"errors": []}
events = []


def attributes(node):
    try:
        pairs = node.getAttributes()
    except Exception:
        return {}
    result = {}
    for p in pairs:
        k, _, v = p.partition(":")
        result[k] = v
    return result


def on_event(event):
    try:
        source = event.source
        events.append({
            "type": event.type,
            "id": attributes(source).get("id", ""),
            "role": source.getRoleName(),
            "name": source.name,
            "detail1": event.detail1,
            "data": str(event.any_data),
        })
    except Exception as error:
        events.append({"type": event.type, "error": str(error)})


def pump(seconds, until=None):
    context = GLib.MainContext.default()
    end = time.time() + seconds
    while time.time() < end:
        while context.pending():
            context.iteration(False)
        if until is not None and until():
            return True
        time.sleep(0.01)
    return until() if until is not None else True


pyatspi.Registry.registerEventListener(
    on_event, "object:state-changed", "object:property-change", "object:text-changed",
    "object:announcement", "object:children-changed", "window:activate", "window:deactivate")


def find_applications():
    desktop = pyatspi.Registry.getDesktop(0)
    found = []
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and app.name == "gallery":
            found.append(app)
    return found


app = None
deadline = time.time() + 60
while time.time() < deadline:
    apps = find_applications()
    if apps and apps[0].childCount > 0:
        app = apps[0]
        break
    pump(0.1)
if app is None:
    print(json.dumps({"errors": ["the gallery never appeared on the accessibility bus"]}))
    sys.exit(1)
# Let the second, silent gallery start too: it must never appear.
pump(1.5)
out["applications"] = len(find_applications())
# The silent gallery's window lies over the other: it goes before any pointer or key.
silent = int(os.environ.get("SILENT_PID", "0"))
if silent > 0:
    os.kill(silent, 15)
    pump(0.5)
out["toolkit"] = app.get_toolkit_name()
# The window away from the screen's corner, so that screen and window extents differ.
subprocess.run(["xdotool", "search", "--sync", "--class", "Vitrine", "windowmove", "--sync", "37", "23"],
               env=dict(os.environ), capture_output=True, timeout=20)
pump(0.3)
out["applicationRole"] = app.getRoleName()

nodes = []
by_id = {}


def walk(node, depth, parent_index):
    index = len(nodes)
    record = {
        "role": node.getRoleName(),
        "name": node.name,
        "depth": depth,
        "parent": parent_index,
        "states": sorted(pyatspi.stateToString(s) for s in node.getState().getStates()),
        "attributes": attributes(node),
        "children": node.childCount,
    }
    component = node.queryComponent()
    e = component.getExtents(pyatspi.DESKTOP_COORDS)
    record["screen"] = [e.x, e.y, e.width, e.height]
    w = component.getExtents(pyatspi.WINDOW_COORDS)
    record["window"] = [w.x, w.y, w.width, w.height]
    nodes.append(record)
    identifier = record["attributes"].get("id")
    if identifier:
        by_id[identifier] = node
    for i in range(node.childCount):
        child = node.getChildAtIndex(i)
        if child.getIndexInParent() != i:
            out["errors"].append("%s: index in parent %d, not %d" % (child.name, child.getIndexInParent(), i))
        if child.parent != node:
            out["errors"].append("%s: parent is not the node that lists it" % child.name)
        walk(child, depth + 1, index)


frame = app.getChildAtIndex(0)
start = time.time()
walk(frame, 0, -1)
out["walkMilliseconds"] = (time.time() - start) * 1000
out["nodes"] = nodes
status = [n for n in nodes if n["attributes"].get("id") == "status"]


def status_name():
    return by_id["status"].name


def events_of(kind, identifier=None):
    return [e for e in events if e["type"].startswith(kind) and (identifier is None or e["id"] == identifier)]


# A burst of questions sent at once, more than the window answers in one turn of its
# loop: every one is answered, though the socket has nothing left to wake the loop.
address = subprocess.run(
    ["dbus-send", "--session", "--print-reply=literal", "--dest=org.a11y.Bus", "/org/a11y/bus",
     "org.a11y.Bus.GetAddress"], capture_output=True, text=True, timeout=20).stdout.strip()
bus = Gio.DBusConnection.new_for_address_sync(
    address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
    None, None)


def vitrine_name():
    names = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames",
                          None, None, Gio.DBusCallFlags.NONE, 15000, None).unpack()[0]
    for name in names:
        if not name.startswith(":") or name == bus.get_unique_name():
            continue
        try:
            toolkit = bus.call_sync(name, "/org/a11y/atspi/accessible/root", "org.freedesktop.DBus.Properties",
                                    "Get", GLib.Variant("(ss)", ("org.a11y.atspi.Application", "ToolkitName")),
                                    None, Gio.DBusCallFlags.NONE, 2000, None).unpack()[0]
        except GLib.Error:
            continue
        if toolkit == "Vitrine":
            return name
    return None


gallery_name = vitrine_name()
answered = []
for i in range(300):
    bus.call(gallery_name, frame.path, "org.a11y.atspi.Accessible", "GetRole", None, None,
             Gio.DBusCallFlags.NONE, 15000, None,
             lambda connection, result, _: answered.append(connection.call_finish(result)), None)
start = time.time()
pump(20, lambda: len(answered) == 300)
out["burstAnswered"] = len(answered)
out["burstMilliseconds"] = (time.time() - start) * 1000

# Press a button through Action: its action runs, the status line says so, and the
# change arrives as events.
before = status_name()
button = by_id["button-title"]
action = button.queryAction()
out["buttonActions"] = [action.getName(i) for i in range(action.nActions)]
out["buttonPressed"] = action.doAction(0)
pump(15, lambda: status_name() != before and events_of("object:announcement"))
out["statusAfterPress"] = status_name()

# Toggle a checkbox: the checked state changes and a state-changed event says so.
box = by_id["checkbox-unchecked"]
box_action = box.queryAction()
out["checkboxActions"] = [box_action.getName(i) for i in range(box_action.nActions)]
out["checkboxToggled"] = box_action.doAction(0)
pump(15, lambda: events_of("object:state-changed:checked", "checkbox-unchecked"))
out["checkboxStates"] = sorted(pyatspi.stateToString(s) for s in box.getState().getStates())
out["statusAfterToggle"] = status_name()

# A slider's value, read and set through Value.
slider = by_id["slider"].queryValue()
out["sliderValue"] = [slider.minimumValue, slider.maximumValue, slider.currentValue]
slider.currentValue = slider.maximumValue
pump(15, lambda: events_of("object:property-change:accessible-value", "slider"))
out["sliderAfterSet"] = slider.currentValue

# A segment selected through Selection.
segmented = by_id["segmented"]
selection = segmented.querySelection()
out["segmentsSelectedBefore"] = [selection.isChildSelected(i) for i in range(segmented.childCount)]
out["segmentSelect"] = selection.selectChild(0)
pump(15, lambda: events_of("object:state-changed:selected"))
out["segmentsSelectedAfter"] = [selection.isChildSelected(i) for i in range(segmented.childCount)]

# A text field edited through EditableText and read back through Text; the status line
# echoes what it holds, as it does for typing.
field = by_id["text-field-empty"]
out["fieldSet"] = field.queryEditableText().setTextContents("typed by AT")
pump(15, lambda: events_of("object:text-changed:insert", "text-field-empty"))
field_text = field.queryText()
out["fieldText"] = field_text.getText(0, -1)
out["fieldCaret"] = field_text.caretOffset
out["statusAfterEdit"] = status_name()
out["secureText"] = by_id["text-field-secure"].queryText().getText(0, -1)

# The keyboard focus: the window is given the X focus, then Tab moves the focus to the
# first control, whose focused state arrives as an event.
display = os.environ["DISPLAY"]
subprocess.run(["xdotool", "search", "--sync", "--class", "Vitrine", "windowfocus", "--sync"],
               env=dict(os.environ, DISPLAY=display), capture_output=True, timeout=20)
pump(15, lambda: events_of("window:activate"))
subprocess.run(["xdotool", "key", "Tab"], env=dict(os.environ, DISPLAY=display), timeout=20)
pump(15, lambda: [e for e in events_of("object:state-changed:focused") if e["detail1"] == 1])
focused = [e for e in events_of("object:state-changed:focused") if e["detail1"] == 1]
out["focusedEvent"] = focused[0] if focused else None
if focused and focused[0]["id"] in by_id:
    node = by_id[focused[0]["id"]]
    out["focusedStates"] = sorted(pyatspi.stateToString(s) for s in node.getState().getStates())

# Hit testing: the control at a point of its extents.
check = by_id["button-title"].queryComponent()
e = check.getExtents(pyatspi.DESKTOP_COORDS)
hit = frame.queryComponent().getAccessibleAtPoint(e.x + e.width // 2, e.y + e.height // 2, pyatspi.DESKTOP_COORDS)
out["hitAtButton"] = attributes(hit).get("id") if hit is not None else None

# Idle with a client listening: the gallery's CPU time over two seconds, in clock ticks.
def cpu_ticks():
    with open("/proc/%s/stat" % os.environ["GALLERY_PID"]) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


pump(0.5)
before_idle = cpu_ticks()
pump(2)
out["idleTicks"] = cpu_ticks() - before_idle
out["ticksPerSecond"] = os.sysconf("SC_CLK_TCK")

out["events"] = events
print(json.dumps(out))
