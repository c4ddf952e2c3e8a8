export { DriverTruckFlags } from './components/DriverTruckFlags';
export { FleetTab } from './FleetTab';
export { confirmTruckAssignment, promptOdometer } from './truck-checks';
