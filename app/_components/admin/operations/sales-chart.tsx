"use client";
// The 7- or 30-day chart of sales, refunds, cost and margin, drawn with uPlot (a small charting
// library) into a canvas. Loaded only by the admin dashboard, through sales-chart-loader.tsx;
// the same figures are in the table beside it, which is what assistive technology reads.
// Each figure is a day's total, so the x axis is the days themselves (one slot per day, labelled
// with its date) and each figure a bar in it: a time axis would draw a day's total as a point at
// midnight and a line between days, as if sales ramped through the hours.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface SalesChartProps {
  /** Day starts, Unix seconds (UTC). */
  days: number[];
  /** The days as the owner reads them ("Mar 10"), one per day. */
  dayLabels: string[];
  /** Major units of the store currency, per day. */
  sales: number[];
  refunds: number[];
  cost: number[];
  margin: number[];
  labels: { day: string; sales: string; refunds: string; cost: string; margin: string };
  label: string;
}

const bars = uPlot.paths.bars;

export default function SalesChart({ days, dayLabels, sales, refunds, cost, margin, labels, label }: SalesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || !bars) return;
    const text = getComputedStyle(element).color;
    const slots = days.map((_, i) => i);
    // Sales is the wide bar of each day; refunds and cost stand side by side inside it, and the
    // margin (which may be below zero) is the narrow bar in the middle.
    const bar = (size: number, align: -1 | 0 | 1) => bars({ size: [size, 64], align });
    const options: uPlot.Options = {
      width: Math.max(280, element.clientWidth),
      height: 260,
      scales: { x: { time: false, range: (_, min, max) => [min - 0.5, max + 0.5] } },
      axes: [
        { stroke: text, values: (_, ticks) => ticks.map((tick) => dayLabels[tick] ?? ""), splits: () => slots, space: 40 },
        { stroke: text },
      ],
      series: [
        // Named, or uPlot's legend says "Value" in every language.
        { label: labels.day, value: (_, slot) => (slot === null ? "" : (dayLabels[slot] ?? "")) },
        { label: labels.sales, stroke: "#2f6fde", fill: "rgba(47, 111, 222, 0.35)", paths: bar(0.8, 0), points: { show: false } },
        { label: labels.refunds, stroke: "#7c3aed", fill: "rgba(124, 58, 237, 0.6)", paths: bar(0.3, -1), points: { show: false } },
        { label: labels.cost, stroke: "#c2410c", fill: "rgba(194, 65, 12, 0.6)", paths: bar(0.3, 1), points: { show: false } },
        { label: labels.margin, stroke: "#15803d", fill: "rgba(21, 128, 61, 0.9)", paths: bar(0.12, 0), points: { show: false } },
      ],
    };
    const plot = new uPlot(options, [slots, sales, refunds, cost, margin], element);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, element.clientWidth), height: 260 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, dayLabels, sales, refunds, cost, margin, labels]);
  return <div ref={box} role="img" aria-label={label} data-testid="sales-chart" />;
}
