#include <fontconfig/fontconfig.h>
#include <fontconfig/fcfreetype.h>
