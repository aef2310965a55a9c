#ifndef VITRINE_CDBUS_SHIM_H
#define VITRINE_CDBUS_SHIM_H
#include <dbus/dbus.h>
#endif
