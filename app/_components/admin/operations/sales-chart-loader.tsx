"use client";
// Loads the chart's code (uPlot) only when the dashboard is shown: nothing of it reaches the
// storefront's bundles or the admin's other pages. Without scripts, the table says it all.
import dynamic from "next/dynamic";
import type { SalesChartProps } from "./sales-chart";

const SalesChart = dynamic(() => import("./sales-chart"), { ssr: false, loading: () => null });

export function SalesChartLoader(props: SalesChartProps) {
  return <SalesChart {...props} />;
}
