// Every export's writer, in one chunk that loads on the first export: the trace files (capture,
// tcpdump text, JSON, HAR, qlog) and the pictures (the SVG of a view or of "where did the time
// go", its title band, the PNG). Each export had fetched two to four of these as chunks of their
// own; one chunk is about 0.6 KB smaller gzipped than the four apart. Files are named by
// scenario/scenarioName.ts.
export { harBlob, jsonBlob, pcapBlob, qlogBlob, tcpdumpBlob } from './traceFiles';
export { breakdownSvg } from './breakdownSvg';
export { stackedSvg, standaloneSvg, svgToPng } from './svgExport';
export { titledSvg } from './svgTitle';
export { legendSvg } from './legendSvg';
export { withOwnAxisLadder } from './ownAxisLadder';
export { withOwnAxisWaterfall } from './ownAxisWaterfall';
export { withOwnAxisTsp } from './ownAxisTsp';
