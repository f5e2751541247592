/** The earlier home of Chart; ui/chart-card.tsx holds it with ChartCard. */
export { Chart, ChartCard } from "./chart-card.tsx";
