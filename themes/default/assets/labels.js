/* scalesite: where point labels go, pure functions only.
 *
 *   placeLabels(items, markers, opts)  greedy placement of point labels
 *   parkHidden(items, placed)          where the labels left out are hidden
 *   labelRect(item, placement)         the rectangle of a placed label
 *   lineLabelSpot(pos, ax, ay, bx, by, w, h, dist)
 *                                      where a reference line's label is
 *                                      drawn at a markLine label position
 *   placeLineLabels(refs, markers, lines, taken)
 *                                      a free position for each reference
 *                                      line's label
 *
 * What collides with what (the indexes of markers and labels, leader
 * lines, uncrossing them) is labelgeometry.js' (load that file before this
 * one); the line breaking of chart text is breaktext.js'.
 *
 * In the browser it adds to window.scalesiteLayout (with ticks.js,
 * breaktext.js and colors.js); in Node it exports the same functions
 * (module.exports) for tests. Plain ES2019: no modules, no DOM.
 */
(function () {
  'use strict';

  var geo = typeof module !== 'undefined' && module && module.exports && typeof require === 'function' ?
    require('./labelgeometry.js') : typeof window !== 'undefined' && window.scalesiteLayout && window.scalesiteLayout.labelGeometry;
  if (!geo) throw new Error('scalesite: labels.js needs labelgeometry.js loaded first');
  var finite = geo.finite, Grid = geo.Grid;
  var MarkerIndex = geo.MarkerIndex, LabelIndex = geo.LabelIndex, Leaders = geo.Leaders;
  var DrawnLines = geo.DrawnLines;
  var leaderEnd = geo.leaderEnd, crossesLabels = geo.crossesLabels;
  var boundsOf = geo.boundsOf, uncross = geo.uncross;

  /* ---------------------------------------------------------------------
   * Point labels
   * ------------------------------------------------------------------- */

  // Directions, in the order tried: right, left, above, below, then corners.
  var DIRS = [[1, 0], [-1, 0], [0, -1], [0, 1], [1, -1], [-1, -1], [1, 1], [-1, 1]];
  // px from the marker's edge: beside the point first, then farther out
  // with a leader line, as far as a reader still follows one
  var RINGS = [3, 14, 28, 44, 64, 90, 120, 160, 210, 270];
  // far out, the 8 directions leave wide gaps: 24 evenly spaced ones, the
  // 8 first
  var FAR_DIRS = DIRS.slice();
  for (var fd = 0; fd < 24; fd++) {
    if (fd % 3 === 0) continue; // multiples of 45 degrees are in DIRS
    var ang = fd * Math.PI / 12;
    FAR_DIRS.push([Math.round(Math.cos(ang) * 1000) / 1000, Math.round(-Math.sin(ang) * 1000) / 1000]);
  }
  var LABEL_PAD = 2; // px kept free between labels
  var CROWD = 6; // more markers than this near a point make it crowded
  // px by which a label without a leader is nearer its own point than any
  // other marker's centre
  var NEAREST = 2;
  // how many stacked slots (placeStacked) one placement tries in all
  var STACK_TRIES = 60000;
  // the most candidates placeLabels remembers the answers for (bytes)
  var MEMO_MAX = 1 << 24;
  // up to how many labels a placement is made with crossing leaders first,
  // then uncrossed (uncross is quadratic in the leaders)
  var UNCROSS_MAX = 400;

  // The unit vector of each direction (DIRS, FAR_DIRS): a candidate in
  // direction k at d px from the point is offset by (x[k] * d, y[k] * d)
  // (the division made once, not for each candidate)
  function units(dirs) {
    var u = { x: [], y: [] };
    for (var k = 0; k < dirs.length; k++) {
      var len = Math.sqrt(dirs[k][0] * dirs[k][0] + dirs[k][1] * dirs[k][1]);
      u.x.push(dirs[k][0] / len);
      u.y.push(dirs[k][1] / len);
    }
    return u;
  }
  var NEAR_U = units(DIRS), FAR_U = units(FAR_DIRS);

  // tryAt's answers: the label placed, or why not. A candidate refused
  // for its bounds, its own marker, a label, a leader or a nearer point
  // (BLOCKED) stays refused while labels and leaders are only added, one
  // refused for another point's marker (ON_MARKER) while the markers are
  // asked; so placeOne need not ask again.
  var PLACED = 0, BLOCKED = 1, ON_MARKER = 2;

  // tryAt places the label of it at (x, y) if it may go there, and says
  // whether it did: inside its bounds, off its own marker, clear of the
  // labels, of the leaders, and of the markers and the lines drawn
  // (marks.lines) unless marks is null. A
  // label beside its point (leader false) must have its point nearest; one
  // with a leader needs a leader that crosses no label and no leader.
  function tryAt(it, x, y, leader, b, marks, labels, leaders, near) {
    var w = it.w;
    var h = it.h;
    if (x < b[0] || y < b[1] || x + w > b[2] || y + h > b[3]) return BLOCKED;
    // a marker's centre inside the label: on a marker, known at once.
    // (The questions come cheapest first; where two refuse a candidate,
    // ON_MARKER may be said for BLOCKED: such a candidate is asked again
    // only where markers are not asked, to the same refusal.)
    if (marks && marks.surely(x, y, w, h)) return ON_MARKER;
    if (labels.hits(x, y, w, h)) return BLOCKED;
    if (marks && (marks.hits(x, y, w, h) || (marks.lines && marks.lines.hitsRect(x, y, w, h)))) return ON_MARKER;
    var ax = it.x, ay = it.y;
    var own = it.r > 0 ? it.r : 0;
    // off its own marker (rectHitsCircle, written out)
    if (own > 0) {
      var nx = ax < x ? x : ax > x + w ? x + w : ax;
      var ny = ay < y ? y : ay > y + h ? y + h : ay;
      if ((ax - nx) * (ax - nx) + (ay - ny) * (ay - ny) < own * own) return BLOCKED;
    }
    if (leaders.hitsRect(x, y, w, h)) return BLOCKED;
    // the leader's end, the label's nearest point (leaderEnd)
    var ex = ax < x + w ? ax : x + w, ey = ay < y + h ? ay : y + h;
    if (x > ex) ex = x;
    if (y > ey) ey = y;
    if (!leader) {
      // beside its point, the label must be nearest that point, by a
      // margin a reader sees
      var dx = ex - ax, dy = ey - ay;
      if (near.closer(x, y, w, h, Math.sqrt(dx * dx + dy * dy) + NEAREST, ax, ay)) return BLOCKED;
    } else {
      if (crossesLabels(labels, ax, ay, ex, ey)) return BLOCKED;
      if (!leaders.mayCross && leaders.crosses(ax, ay, ex, ey)) return BLOCKED;
    }
    if (leader) leaders.add(ax, ay, ex, ey);
    labels.add(x, y, w, h);
    return PLACED;
  }

  // The candidates placeOne tries for an item, by ring: CAND_AT[ring] is
  // the first's number, CANDS how many in all.
  var CAND_AT = [];
  var CANDS = 0;
  for (var cr = 0; cr < RINGS.length; cr++) {
    CAND_AT.push(CANDS);
    CANDS += cr >= 3 ? FAR_DIRS.length : DIRS.length;
  }

  // The first free candidate of one item on rings from..to-1, or null.
  // A label with a leader line keeps the line clear of other labels, and
  // every label keeps clear of the leader lines already drawn. memo (or
  // null) holds, for item k, the candidates refused so far (CANDS each):
  // those refused BLOCKED are not tried again, nor those refused
  // ON_MARKER while marks are asked; it is valid while labels and leaders
  // are only added.
  function placeOne(it, marks, labels, from, to, leaders, near, memo, k) {
    var b = boundsOf(it, [0, 0, 0, 0]);
    var own = it.r > 0 ? it.r : 0;
    var ax = it.x, ay = it.y, w = it.w, h = it.h;
    for (var ring = from; ring < to; ring++) {
      var far = ring >= 3;
      var dirs = far ? FAR_DIRS : DIRS, ux = far ? FAR_U.x : NEAR_U.x, uy = far ? FAR_U.y : NEAR_U.y;
      var dist = own + RINGS[ring];
      var base = memo ? k * CANDS + CAND_AT[ring] : -1;
      for (var d = 0; d < dirs.length; d++) {
        var slot = memo ? base + d : -1;
        if (slot >= 0 && (memo[slot] === BLOCKED || (memo[slot] === ON_MARKER && marks))) continue;
        // the label's top-left corner in direction d, dist px from the
        // point: beside, before or centred on it
        var dx = dirs[d][0], dy = dirs[d][1];
        var x = dx > 0 ? ax + ux[d] * dist : dx < 0 ? ax + ux[d] * dist - w : ax - w / 2;
        var y = dy > 0 ? ay + uy[d] * dist : dy < 0 ? ay + uy[d] * dist - h : ay - h / 2;
        var got = tryAt(it, x, y, ring > 0, b, marks, labels, leaders, near);
        if (got === PLACED) return { x: x, y: y, leader: ring > 0 };
        if (slot >= 0) memo[slot] = got;
      }
    }
    return null;
  }

  // placeStacked tries the slots of a stack of labels beside and above or
  // below a crowd, nearest first: at each distance of the rings (from 1)
  // to the left or right of the point, shifted up or down by whole label
  // heights; above or below it, shifted sideways by half label widths. In
  // a crowd the 24 directions of the far rings miss most of the free room,
  // which lies in such a column or row beside the crowd, where labels stack
  // in the order of their points and their leaders do not cross.
  function placeStacked(it, marks, labels, to, leaders, near, pad, reach, budget) {
    if (budget.left <= 0) return null;
    var b = boundsOf(it, [0, 0, 0, 0]);
    var own = it.r > 0 ? it.r : 0;
    var w = it.w, h = it.h;
    var stepY = h + pad, stepX = Math.max(8, (w + pad) / 2);
    var order = stackOrder(w, h, own, to, pad, reach, budget.orders);
    for (var q = 0; q < order.length && budget.left > 0; q++) {
      budget.left--;
      // slot order[q]: kind (right, left, above, below), ring and shift j
      var code = order[q], kind = code & 3, ring = (code >> 2) & 15, j = (code >> 6) - 12;
      var d = own + RINGS[ring];
      var x, y;
      if (kind < 2) {
        x = kind === 0 ? it.x + d : it.x - d - w;
        y = it.y - h / 2 + j * stepY;
      } else {
        x = it.x - w / 2 + j * stepX;
        y = kind === 2 ? it.y - d - h : it.y + d;
      }
      if (tryAt(it, x, y, true, b, marks, labels, leaders, near) === PLACED) return { x: x, y: y, leader: true };
    }
    return null;
  }

  // stackOrder: the slots placeStacked tries, nearest first (ties in the
  // order made), as codes kind + 4 * ring + 64 * (j + 12); they depend on
  // the label's size, its marker's radius and the rings only, so they are
  // sorted once for each such label (orders, by placeLabels call), not
  // once for each: a chart of a thousand labels has a few sizes.
  function stackOrder(w, h, own, to, pad, reach, orders) {
    var key = w + ' ' + h + ' ' + own + ' ' + to;
    var got = orders[key];
    if (got) return got;
    var lens = [], codes = [];
    var stepY = h + pad, stepX = Math.max(8, (w + pad) / 2);
    for (var ring = 1; ring < to; ring++) {
      var d = own + RINGS[ring];
      for (var j = -12; j <= 12; j++) {
        var c = 4 * ring + 64 * (j + 12);
        var dy = j * stepY;
        var gy = Math.max(0, Math.abs(dy) - h / 2);
        var lenX = Math.sqrt(d * d + gy * gy);
        if (lenX <= reach) {
          lens.push(lenX, lenX);
          codes.push(c, c + 1);
        }
        var dx = j * stepX;
        var gx = Math.max(0, Math.abs(dx) - w / 2);
        var lenY = Math.sqrt(d * d + gx * gx);
        if (lenY <= reach) {
          lens.push(lenY, lenY);
          codes.push(c + 2, c + 3);
        }
      }
    }
    var idx = [];
    for (var k = 0; k < lens.length; k++) idx.push(k);
    idx.sort(function (a, e) { return lens[a] - lens[e] || a - e; });
    got = new Int32Array(idx.length);
    for (k = 0; k < idx.length; k++) got[k] = codes[idx[k]];
    orders[key] = got;
    return got;
  }

  // placeLabels(items, markers, opts) -> [{x, y, leader} | null], in the
  // order of items. items: {x, y, r, w, h, bounds: {x, y, width, height},
  // priority}; markers: {x, y, r}, every marker drawn. Higher priority is
  // placed first, ties in input order. Every label is first tried beside
  // its point (where no other marker's centre is nearer it than its own
  // point's), then farther out with a leader line (which crosses no label
  // and no other leader, and no label covers it), always clear of the
  // markers; last, labels that
  // found no place try beside their point over other markers (unless
  // opts.overMarkers is false). A label never covers its own marker or
  // another label. opts.pad: px between labels (default 2);
  // opts.obstacles: [{x, y, width, height}], texts no label may cover;
  // opts.lines: [[x0, y0, x1, y1, ...]], the lines drawn over the points
  // (fits, a frontier's staircase, line series), which a label runs under
  // only where it finds no free place, as it covers a marker.
  // opts.notes, an object, is given what the placement could not keep:
  // notes.over, the items whose label stands over a marker or a line for
  // want of a free place, and notes.left, those left out.
  function placeLabels(items, markers, opts) {
    opts = opts || {};
    items = Array.isArray(items) ? items : [];
    markers = Array.isArray(markers) ? markers : [];
    var pad = isFinite(opts.pad) && opts.pad >= 0 ? +opts.pad : LABEL_PAD;
    // opts.maxLeader (px) bounds how far a label may stand from its point
    var rings = RINGS.length;
    if (isFinite(opts.maxLeader) && opts.maxLeader > 0) {
      while (rings > 1 && RINGS[rings - 1] > opts.maxLeader) rings--;
    }
    var reach = RINGS[rings - 1];
    var out = new Array(items.length);
    var order = [];
    var heights = 0;
    var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    var i, it;
    for (i = 0; i < items.length; i++) {
      out[i] = null;
      it = items[i];
      if (!it || !finite(it.x, it.y, it.w, it.h) || it.w < 0 || it.h < 0) continue;
      order.push(i);
      heights += it.h;
      // every candidate of the item lies in this box
      var ext = (it.r > 0 ? it.r : 0) + reach + pad;
      x0 = Math.min(x0, it.x - ext - it.w);
      y0 = Math.min(y0, it.y - ext - it.h);
      x1 = Math.max(x1, it.x + ext + it.w);
      y1 = Math.max(y1, it.y + ext + it.h);
    }
    if (!order.length) return out;
    // label cells about two label heights: a query touches a handful of
    // cells; marker cells finer, so that a query scans few markers beyond
    // the box itself, but not many more cells than markers: the index
    // answers the same at any cell size, and building one of thousands of
    // cells for a dozen markers costs more than every query it serves
    var avg = heights / order.length;
    var mcell = Math.min(16, Math.max(4, avg / 2));
    while ((Math.floor((x1 - x0) / mcell) + 1) * (Math.floor((y1 - y0) / mcell) + 1) > 4 * markers.length + 64) mcell *= 2;
    // every pair the indexes test is counted here (opts.tally, for tests:
    // the work grows as n log n, not n²)
    var tally = opts.tally && typeof opts.tally === 'object' ? opts.tally : { pairs: 0 };
    tally.pairs = 0;
    var marks = new MarkerIndex(new Grid(x0, y0, x1, y1, mcell), markers, tally);
    // where labels may go (the items' bounds), the markers' centres
    // counted in cells of 4 px, for tryAt's first question
    var bx0 = Infinity, by0 = Infinity, bx1 = -Infinity, by1 = -Infinity;
    for (i = 0; i < order.length; i++) {
      var bd = boundsOf(items[order[i]], [0, 0, 0, 0]);
      bx0 = Math.min(bx0, Math.max(bd[0], x0));
      by0 = Math.min(by0, Math.max(bd[1], y0));
      bx1 = Math.max(bx1, Math.min(bd[2], x1));
      by1 = Math.max(by1, Math.min(bd[3], y1));
    }
    marks.countCentres(bx0, by0, bx1, by1, 4);
    var labels = new LabelIndex(new Grid(x0, y0, x1, y1, Math.min(64, Math.max(8, 2 * avg))), pad, tally);
    // the lines drawn go with the markers: asked where markers are
    var drawnLines = Array.isArray(opts.lines) ? opts.lines : [];
    if (drawnLines.length) {
      marks.lines = new DrawnLines(labels.grid, x1, y1, tally);
      for (i = 0; i < drawnLines.length; i++) if (Array.isArray(drawnLines[i])) marks.lines.add(drawnLines[i]);
    }
    var prio = new Float64Array(items.length);
    for (i = 0; i < order.length; i++) prio[order[i]] = +items[order[i]].priority || 0;
    order.sort(function (a, b) {
      return prio[b] - prio[a] || a - b;
    });
    // texts already drawn on the plot (a band's or a note's label) are
    // placed labels to the placer: no label covers them, no leader
    // crosses them
    var obstacles = Array.isArray(opts.obstacles) ? opts.obstacles : [];
    for (i = 0; i < obstacles.length; i++) {
      var ob = obstacles[i];
      if (ob && finite(ob.x, ob.y, ob.width, ob.height) && ob.width >= 0 && ob.height >= 0) labels.add(ob.x, ob.y, ob.width, ob.height);
    }
    var crowded = new Uint8Array(items.length);
    for (i = 0; i < order.length; i++) {
      it = items[order[i]];
      var rad = 2.5 * it.h;
      crowded[order[i]] = marks.count(it.x - rad, it.y - rad, 2 * rad, 2 * rad, CROWD + 1) > CROWD ? 1 : 0;
    }
    var leaders = new Leaders(labels.grid, tally);
    var budget = { left: STACK_TRIES, orders: {} };
    // Points in a crowd (several markers within a label's height or two)
    // are placed before the others' labels wall the crowd in: beside
    // their point, else farther out with a leader. Then every other label
    // beside its point, then the rest farther out, in the room left, then
    // what is left of a crowd stacked beside it.
    // (memo: the candidates refused in this call of passes, which the
    // later passes, and the pass over markers after the last call, need
    // not try again: within a call, labels and leaders are only added; up
    // to 16 MB of it, some 87,000 labels: past that every pass asks again,
    // to the same answers)
    var memo = items.length * CANDS <= MEMO_MAX ? new Uint8Array(items.length * CANDS) : null;
    // (refused: the crowded labels every candidate refused in the first
    // pass, which the third need not walk: a candidate refused stays
    // refused within a call)
    var refused = new Uint8Array(items.length);
    function passes() {
      if (memo) memo.fill(0);
      refused.fill(0);
      for (i = 0; i < order.length; i++) {
        if (crowded[order[i]] && !out[order[i]]) {
          out[order[i]] = placeOne(items[order[i]], marks, labels, 0, rings, leaders, marks, memo, order[i]);
          if (!out[order[i]]) refused[order[i]] = 1;
        }
      }
      for (i = 0; i < order.length; i++) {
        if (!crowded[order[i]] && !out[order[i]]) out[order[i]] = placeOne(items[order[i]], marks, labels, 0, 1, leaders, marks, memo, order[i]);
      }
      for (i = 0; i < order.length; i++) {
        if (!out[order[i]] && !refused[order[i]]) out[order[i]] = placeOne(items[order[i]], marks, labels, 1, rings, leaders, marks, memo, order[i]);
      }
      var left = [];
      for (i = 0; i < order.length; i++) if (!out[order[i]]) left.push(order[i]);
      left.sort(function (a, b) { return items[a].y - items[b].y || items[a].x - items[b].x || a - b; });
      // (a budget of tries keeps a chart of thousands of labels fast: the
      // slots are many, and a chart that crowded shows few labels anyway)
      for (i = 0; i < left.length; i++) out[left[i]] = placeStacked(items[left[i]], marks, labels, rings, leaders, marks, pad, reach, budget);
    }
    // A crowd's labels stacked in a column beside it, in the order of their
    // points from top to bottom, each as near its point's height as the
    // stack allows: leaders from a crowd to a column in its order do not
    // cross, where labels placed one by one around the crowd wall its
    // middle in. A crowd is the crowded points within two label heights of
    // each other; the column stands on the side of the crowd with more room
    // in the plot. Labels that do not fit go on to the other passes.
    function stackCrowds() {
      var ids = [];
      for (var a = 0; a < order.length; a++) if (crowded[order[a]]) ids.push(order[a]);
      var parent = {};
      var find = function (k) { while (parent[k] !== k) k = parent[k] = parent[parent[k]]; return k; };
      ids.forEach(function (k) { parent[k] = k; });
      for (a = 0; a < ids.length; a++) {
        for (var c = a + 1; c < ids.length; c++) {
          var p = items[ids[a]], q = items[ids[c]];
          var lim = 2 * Math.max(p.h, q.h);
          if (Math.abs(p.x - q.x) < lim && Math.abs(p.y - q.y) < lim) parent[find(ids[a])] = find(ids[c]);
        }
      }
      var groups = {};
      ids.forEach(function (k) { (groups[find(k)] = groups[find(k)] || []).push(k); });
      Object.keys(groups).forEach(function (g) {
        var grp = groups[g];
        if (grp.length < 4) return;
        var gx0 = Infinity, gx1 = -Infinity;
        grp.forEach(function (k) { gx0 = Math.min(gx0, items[k].x); gx1 = Math.max(gx1, items[k].x); });
        var b = boundsOf(items[grp[0]], [0, 0, 0, 0]);
        var leftSide = gx0 - b[0] >= b[2] - gx1;
        grp.sort(function (m, n) { return items[m].y - items[n].y || m - n; });
        // pack the labels down the column, then shift the stack up by half
        // its drift, so that it stays centred on its points
        var ys = [], bottom = -Infinity, drift = 0;
        grp.forEach(function (k, j) {
          var it2 = items[k];
          ys[j] = Math.max(it2.y - it2.h / 2, bottom + pad);
          bottom = ys[j] + it2.h;
          drift += ys[j] - (it2.y - it2.h / 2);
        });
        var shift = grp.length ? drift / grp.length : 0;
        var gap = RINGS[2];
        grp.forEach(function (k, j) {
          var it2 = items[k];
          var own = it2.r > 0 ? it2.r : 0;
          var x = leftSide ? gx0 - own - gap - it2.w : gx1 + own + gap;
          var y = ys[j] - shift;
          var end = leaderEnd(it2.x, it2.y, x, y, it2.w, it2.h);
          var ex = end[0] - it2.x, ey = end[1] - it2.y;
          if (ex * ex + ey * ey > reach * reach) return;
          if (tryAt(it2, x, y, true, boundsOf(it2, [0, 0, 0, 0]), marks, labels, leaders, marks) === PLACED) out[k] = { x: x, y: y, leader: true };
        });
      });
    }
    var obs = [];
    for (i = 0; i < obstacles.length; i++) {
      if (obstacles[i] && finite(obstacles[i].x, obstacles[i].y, obstacles[i].width, obstacles[i].height)) obs.push(obstacles[i]);
    }
    if (order.length <= UNCROSS_MAX) {
      // In a crowded corner, leaders that may not cross leave most labels
      // out: labels are placed with crossing leaders, then uncrossed
      // (swapped, or left out), then the labels left out try again in the
      // room left, with leaders that cross none.
      leaders.mayCross = true;
      stackCrowds();
      leaders.mayCross = false;
      passes();
      leaders.mayCross = true;
      budget.left = STACK_TRIES;
      passes();
      var grid = labels.grid;
      // the indexes again, of the labels placed but skip's
      var rebuild = function (skip) {
        labels = new LabelIndex(grid, pad, tally);
        for (var j = 0; j < obs.length; j++) labels.add(obs[j].x, obs[j].y, obs[j].width, obs[j].height);
        leaders = new Leaders(grid, tally);
        for (j = 0; j < out.length; j++) {
          var pl = out[j];
          if (!pl || j === skip) continue;
          var itj = items[j];
          labels.add(pl.x, pl.y, itj.w, itj.h);
          if (pl.leader) {
            var en = leaderEnd(itj.x, itj.y, pl.x, pl.y, itj.w, itj.h);
            leaders.add(itj.x, itj.y, en[0], en[1]);
          }
        }
      };
      var relocate = function (k) {
        rebuild(k);
        var p = placeOne(items[k], marks, labels, 1, rings, leaders, marks, null, k);
        if (!p) {
          budget.left = Math.max(budget.left, 2000);
          p = placeStacked(items[k], marks, labels, rings, leaders, marks, pad, reach, budget);
        }
        if (p) out[k] = p;
        return !!p;
      };
      uncross(items, out, marks, pad, obs, relocate);
      rebuild(-1);
      budget.left = STACK_TRIES;
    }
    passes();
    // in a cluster too dense for that, a label may lie over another
    // point's marker (the site draws labels with a halo), never over a label
    var notes = opts.notes && typeof opts.notes === 'object' ? opts.notes : null;
    if (notes) {
      notes.over = [];
      notes.left = [];
    }
    if (opts.overMarkers !== false) {
      for (i = 0; i < order.length; i++) {
        if (out[order[i]]) continue;
        out[order[i]] = placeOne(items[order[i]], null, labels, 0, rings, leaders, marks, memo, order[i]);
        if (notes && out[order[i]]) notes.over.push(order[i]);
      }
    }
    if (notes) for (i = 0; i < order.length; i++) if (!out[order[i]]) notes.left.push(order[i]);
    return out;
  }

  // parkHidden(items, placed) -> [{x, y, under} | null]: where each label
  // that found no place (placed[i] null) is put so that it is not drawn.
  // under: over a shown label of an earlier item whose marker is no smaller
  // (item.area), which ECharts' hideOverlap keeps (the larger marker's
  // label, between equals the earlier one), and hides this one, which shows
  // on hover. Without such a label (under false) nothing would hide it: the
  // caller draws it empty (font size 0), at its point inside its bounds, so
  // that it is neither drawn beside a point it may not be nearest nor off
  // the canvas; the tooltip still names the point. The earliest such label
  // is found by a binary search over the largest marker area so far (most
  // [j] is the largest area of shown[0..j], which never falls), so that a
  // chart of thousands of hidden labels costs n log n, not n².
  function parkHidden(items, placed) {
    items = Array.isArray(items) ? items : [];
    placed = Array.isArray(placed) ? placed : [];
    var out = new Array(items.length);
    var shown = [];
    var most = [];
    for (var i = 0; i < items.length; i++) {
      out[i] = null;
      var it = items[i];
      if (!it || !finite(it.x, it.y, it.w, it.h)) continue;
      var area = +it.area || 0;
      if (placed[i]) {
        shown.push({ i: i, area: area, x: placed[i].x, y: placed[i].y });
        most.push(most.length && most[most.length - 1] > area ? most[most.length - 1] : area);
        continue;
      }
      var spot = null;
      var lo = 0, hi = most.length; // the first j with most[j] >= area, or most.length
      while (lo < hi) {
        var mid = (lo + hi) >> 1;
        if (most[mid] >= area) hi = mid;
        else lo = mid + 1;
      }
      if (lo < shown.length) spot = { x: shown[lo].x, y: shown[lo].y, under: true };
      if (!spot) {
        var r = it.r > 0 ? it.r : 0;
        var x = it.x + r + 3;
        var y = it.y - it.h / 2;
        var bd = it.bounds;
        if (bd && finite(bd.x, bd.y, bd.width, bd.height)) {
          x = Math.max(bd.x, Math.min(x, bd.x + bd.width - it.w));
          y = Math.max(bd.y, Math.min(y, bd.y + bd.height - it.h));
        }
        spot = { x: x, y: y, under: false };
      }
      out[i] = spot;
    }
    return out;
  }

  /* ---------------------------------------------------------------------
   * Reference lines' labels
   * ------------------------------------------------------------------- */

  // The places a reference line's label may take, in the order tried:
  // ECharts' markLine label positions, at the line's end first (where
  // ECharts puts it), then its start, then its middle; above the line, then
  // below (beside a vertical line, left then right).
  var LINE_SPOTS_H = ['insideEndTop', 'insideEndBottom', 'insideStartTop', 'insideStartBottom', 'insideMiddleTop', 'insideMiddleBottom'];
  var LINE_SPOTS_V = ['insideEndTop', 'insideEndBottom', 'insideStartTop', 'insideStartBottom'];

  // lineLabelSpot(pos, ax, ay, bx, by, w, h, dist) is where ECharts draws
  // the label (w × h px) of the reference line from (ax, ay) to (bx, by)
  // (left to right, or bottom to top) at markLine label position pos, dist
  // px from the line and its end: the text's anchor (tx, ty), its
  // alignment (anchor: start, middle, end; base: top, bottom), its
  // rotation (-90 along a vertical line, reading upwards) and its box
  // {x, y, width, height}. The page's chart (ECharts) and the static
  // figure (scene.js) draw it there; the placer tries it.
  function lineLabelSpot(pos, ax, ay, bx, by, w, h, dist) {
    var end = /End/.test(pos), start = /Start/.test(pos);
    var below = /Bottom/.test(pos);
    if (ax === bx) {
      // along the line, upwards: the text's end towards the top
      var vx = below ? ax + dist : ax - dist;
      var vy = end ? by + dist : start ? ay - dist : (ay + by) / 2;
      var anchorV = end ? 'end' : start ? 'start' : 'middle';
      return {
        tx: vx, ty: vy, anchor: anchorV, base: below ? 'top' : 'bottom', rot: -90,
        x: below ? vx : vx - h, y: end ? vy : start ? vy - w : vy - w / 2, width: h, height: w
      };
    }
    var tx = end ? bx - dist : start ? ax + dist : (ax + bx) / 2;
    var ty = below ? by + dist : by - dist;
    var anchor = end ? 'end' : start ? 'start' : 'middle';
    return {
      tx: tx, ty: ty, anchor: anchor, base: below ? 'top' : 'bottom', rot: 0,
      x: anchor === 'end' ? tx - w : anchor === 'start' ? tx : tx - w / 2, y: below ? ty : ty - h, width: w, height: h
    };
  }

  // placeLineLabels(refs, markers, lines, taken) -> [{position, free, box}]:
  // for each reference line's label, the first of its places (LINE_SPOTS)
  // inside its bounds that covers no marker, no drawn line (lines: flat
  // polylines, as placeLabels' opts.lines), no text already there (taken:
  // [{x, y, width, height}], a band's label) and no earlier line's label;
  // where none is free, the first place inside its bounds with free false
  // (the caller tells the chart's author). refs: {ax, ay, bx, by, w, h,
  // dist, bounds: {x, y, width, height}}, or {spots: [{position, x, y,
  // width, height}], bounds} for a label whose places the caller knows (a
  // band's, at its corners). The markers and lines are indexed
  // once, so that the cost is the refs' places times what lies near each.
  function placeLineLabels(refs, markers, lines, taken) {
    refs = Array.isArray(refs) ? refs : [];
    var out = [];
    if (!refs.length) return out;
    var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    refs.forEach(function (r) {
      var b = r && r.bounds;
      if (!b || !finite(b.x, b.y, b.width, b.height)) return;
      x0 = Math.min(x0, b.x); y0 = Math.min(y0, b.y);
      x1 = Math.max(x1, b.x + b.width); y1 = Math.max(y1, b.y + b.height);
    });
    if (!(x1 > x0 && y1 > y0)) x0 = y0 = 0, x1 = y1 = 1;
    var grid = new Grid(x0 - 20, y0 - 20, x1 + 20, y1 + 20, 16);
    var marks = new MarkerIndex(grid, Array.isArray(markers) ? markers : [], null);
    var drawn = new DrawnLines(grid, x1 + 20, y1 + 20, null);
    asList(lines).forEach(function (l) { if (Array.isArray(l)) drawn.add(l); });
    var boxes = asList(taken).filter(function (t) { return t && finite(t.x, t.y, t.width, t.height); }).slice();
    var PAD = 2;
    function clear(bx) {
      if (marks.hits(bx.x - 1, bx.y - 1, bx.width + 2, bx.height + 2)) return false;
      if (drawn.hitsRect(bx.x, bx.y, bx.width, bx.height)) return false;
      for (var j = 0; j < boxes.length; j++) {
        var q = boxes[j];
        if (bx.x < q.x + q.width + PAD && q.x < bx.x + bx.width + PAD && bx.y < q.y + q.height + PAD && q.y < bx.y + bx.height + PAD) return false;
      }
      return true;
    }
    refs.forEach(function (r) {
      var given = r && Array.isArray(r.spots);
      if (!r || (!given && (!finite(r.ax, r.ay, r.bx, r.by) || !finite(r.w, r.h, 0, 0)))) {
        out.push(null);
        return;
      }
      var b = r.bounds;
      var spots = given ? r.spots.map(function (q) { return q.position; }) : r.ax === r.bx ? LINE_SPOTS_V : LINE_SPOTS_H;
      var first = null, got = null;
      for (var k = 0; k < spots.length && !got; k++) {
        var sp = given ? r.spots[k] : lineLabelSpot(spots[k], r.ax, r.ay, r.bx, r.by, r.w, r.h, r.dist);
        if (!sp || !finite(sp.x, sp.y, sp.width, sp.height)) continue;
        var bx = { x: sp.x, y: sp.y, width: sp.width, height: sp.height };
        if (b && (bx.x < b.x - 0.5 || bx.y < b.y - 0.5 || bx.x + bx.width > b.x + b.width + 0.5 || bx.y + bx.height > b.y + b.height + 0.5)) continue;
        if (!first) first = { position: spots[k], free: false, box: bx };
        if (clear(bx)) got = { position: spots[k], free: true, box: bx };
      }
      got = got || first || { position: spots[0], free: false, box: null };
      if (got.box) boxes.push(got.box);
      out.push(got);
    });
    return out;
  }

  function asList(v) {
    return Array.isArray(v) ? v : [];
  }

  // labelRect(item, placement) -> {x, y, width, height}, or null
  function labelRect(item, placement) {
    if (!item || !placement) return null;
    return { x: placement.x, y: placement.y, width: item.w, height: item.h };
  }

  var api = {
    placeLabels: placeLabels,
    parkHidden: parkHidden,
    lineLabelSpot: lineLabelSpot,
    placeLineLabels: placeLineLabels,
    labelRect: labelRect
  };

  if (typeof module !== 'undefined' && module && module.exports) {
    module.exports = api;
  } else if (typeof window !== 'undefined') {
    var ns = window.scalesiteLayout = window.scalesiteLayout || {};
    Object.keys(api).forEach(function (k) { ns[k] = api[k]; });
  }
})();
