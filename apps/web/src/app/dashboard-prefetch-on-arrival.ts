// Imported by the entry right after zod's settings, ahead of React, the router and the screens:
// a visit that opens on the Dashboard asks for the chart's data while the rest of the entry runs.
import { prefetchDashboardOnArrival } from './dashboard-prefetch';

prefetchDashboardOnArrival();
