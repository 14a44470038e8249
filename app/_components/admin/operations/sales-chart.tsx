"use client";
// The 7- or 30-day chart of sales, cost and margin, drawn with uPlot (a small time-series
// library) into a canvas. Loaded only by the admin dashboard, through sales-chart-loader.tsx;
// the same figures are in the table beside it, which is what assistive technology reads.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface SalesChartProps {
  /** Day starts, Unix seconds (UTC). */
  days: number[];
  /** Major units of the store currency, per day. */
  sales: number[];
  cost: number[];
  margin: number[];
  labels: { sales: string; cost: string; margin: string };
  label: string;
}

export default function SalesChart({ days, sales, cost, margin, labels, label }: SalesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const style = getComputedStyle(element);
    const text = style.color;
    const options: uPlot.Options = {
      width: Math.max(280, element.clientWidth),
      height: 260,
      axes: [{ stroke: text }, { stroke: text }],
      series: [
        {},
        { label: labels.sales, stroke: "#2f6fde", width: 2 },
        { label: labels.cost, stroke: "#c2410c", width: 2, dash: [6, 4] },
        { label: labels.margin, stroke: "#15803d", width: 2, fill: "rgba(21, 128, 61, 0.12)" },
      ],
    };
    const plot = new uPlot(options, [days, sales, cost, margin], element);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, element.clientWidth), height: 260 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, sales, cost, margin, labels]);
  return <div ref={box} role="img" aria-label={label} />;
}
