package luadoc

// LuaCall is luaCall, for the external tests.
var LuaCall = luaCall
