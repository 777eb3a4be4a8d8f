/** The one conversion, shared with the server (which asks AutoNavi for addresses in GCJ-02). */
export { outOfChina, wgs84ToGcj02 } from '@fleetdesk/contracts/gcj02';
