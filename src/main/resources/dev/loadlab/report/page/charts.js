// Draws the page's charts with Chart.js from their specs (ChartSpec): horizontal bars, or lines of x/y points on
// linear or log axes. Hover shows every series' value; a click on the legend switches a series off and on. Each
// canvas is marked data-points="N" once drawn (a canvas's pixels are not in the DOM: the headless check reads this),
// or data-error where drawing failed, without stopping the other charts; the page, data-drawn-ms once all are (the
// milliseconds since navigation: the check's load time).
(function () {
  // a log axis labels only 1, 2 and 5 of each decade: Chart.js's own labels crowd there
  function oneTwoFive(value) {
    var lead = value / Math.pow(10, Math.floor(Math.log10(value)));
    return [1, 2, 5].indexOf(Math.round(lead * 1000) / 1000) >= 0 ? String(value) : '';
  }
  function axis(log, title, position) {
    var a = { type: log ? 'logarithmic' : 'linear', title: { display: !!title, text: title || '' } };
    if (log) a.ticks = { callback: oneTwoFive };
    if (position) { a.position = position; a.grid = { drawOnChartArea: false }; }
    return a;
  }
  function barConfig(spec) {
    return {
      type: 'bar',
      data: { labels: spec.labels, datasets: spec.datasets.map(function (d) {
        return { label: d.label, data: d.data, backgroundColor: d.colour };
      }) },
      options: {
        indexAxis: 'y', interaction: { mode: 'index', axis: 'y', intersect: false },
        scales: { x: axis(spec.xLog, spec.xLabel), y: { ticks: { autoSkip: false } } }
      }
    };
  }
  function lineConfig(spec) {
    var scales = { x: axis(spec.xLog, spec.xLabel), y: axis(spec.yLog, spec.yLabel) };
    if (spec.y2Label) scales.y2 = axis(false, spec.y2Label, 'right');
    if (spec.yMax != null) { scales.y.min = 0; scales.y.max = spec.yMax; } // a zoom: the points above leave the chart
    return {
      type: 'line',
      data: { datasets: spec.datasets.map(function (d) {
        return { label: d.label, data: d.data, borderColor: d.colour, backgroundColor: d.colour,
                 borderDash: d.dash || [], yAxisID: d.axis || 'y', pointRadius: 2, borderWidth: 1.5 };
      }) },
      options: { interaction: { mode: 'nearest', axis: 'x', intersect: false }, scales: scales }
    };
  }
  var specs = JSON.parse(document.getElementById('chart-specs').textContent);
  specs.forEach(function (spec) {
    var canvas = document.getElementById(spec.id);
    try {
      var config = spec.type === 'bar' ? barConfig(spec) : lineConfig(spec);
      config.options.animation = false;
      config.options.responsive = true;
      config.options.maintainAspectRatio = false;
      config.options.plugins = { title: { display: true, text: spec.title, font: { size: 14 } },
                                 legend: { position: 'top' } };
      var chart = new Chart(canvas, config);
      var points = 0;
      chart.data.datasets.forEach(function (d, i) {
        points += chart.getDatasetMeta(i).data.filter(function (p, j) { return d.data[j] != null; }).length;
      });
      canvas.setAttribute('data-points', String(points));
    } catch (e) {
      canvas.setAttribute('data-error', String(e));
    }
  });
  document.documentElement.setAttribute('data-drawn-ms', performance.now().toFixed(0));
})();
