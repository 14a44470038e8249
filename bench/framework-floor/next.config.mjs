// Nothing configured: the floor is Next's defaults (without this file Next would read the shop's).
const config = {};

export default config;
