/* scalesite: where point labels go, pure functions only.
 *
 *   placeLabels(items, markers, opts)  greedy placement of point labels
 *   parkHidden(items, placed)          where the labels left out are hidden
 *   labelRect(item, placement)         the rectangle of a placed label
 *   breakText(text, width, measure)    a title or legend entry broken into lines
 *
 * In the browser it adds to window.scalesiteLayout (with ticks.js, labels.js
 * and colors.js); in Node it exports the same functions (module.exports)
 * for tests. Plain ES2019: no modules, no DOM.
 */
(function () {
  'use strict';

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
  // up to how many labels a placement is made with crossing leaders first,
  // then uncrossed (uncross is quadratic in the leaders)
  var UNCROSS_MAX = 400;

  function num(v) {
    return typeof v === 'number' && v > -Infinity && v < Infinity;
  }

  function finite(a, b, c, d) {
    return num(a) && num(b) && num(c) && num(d);
  }

  // does the rectangle (x, y, w, h) cover part of the circle (cx, cy, r)?
  function rectHitsCircle(x, y, w, h, cx, cy, r) {
    var nx = cx < x ? x : cx > x + w ? x + w : cx;
    var ny = cy < y ? y : cy > y + h ? y + h : cy;
    var dx = cx - nx;
    var dy = cy - ny;
    return dx * dx + dy * dy < r * r;
  }

  // The top-left corner of a label in direction dir at `ring` px from the
  // edge of its marker, written to pos.
  function candidatePos(it, r, dir, ring, pos) {
    var dx = dir[0];
    var dy = dir[1];
    var len = Math.sqrt(dx * dx + dy * dy);
    var d = r + ring;
    var ox = dx / len * d;
    var oy = dy / len * d;
    pos.x = dx > 0 ? it.x + ox : dx < 0 ? it.x + ox - it.w : it.x - it.w / 2;
    pos.y = dy > 0 ? it.y + oy : dy < 0 ? it.y + oy - it.h : it.y - it.h / 2;
  }

  // A uniform grid over the region where labels can go. Cell indices are
  // clamped, so shapes beyond the region land in its edge cells.
  function Grid(x0, y0, x1, y1, cell) {
    var cols = Math.floor((x1 - x0) / cell) + 1;
    var rows = Math.floor((y1 - y0) / cell) + 1;
    while (cols * rows > 262144) { // keep the index small for huge regions
      cell *= 2;
      cols = Math.floor((x1 - x0) / cell) + 1;
      rows = Math.floor((y1 - y0) / cell) + 1;
    }
    this.x0 = x0;
    this.y0 = y0;
    this.inv = 1 / cell;
    this.cols = cols;
    this.rows = rows;
  }
  Grid.prototype.cx = function (x) {
    var c = (x - this.x0) * this.inv;
    return c < 1 ? 0 : c >= this.cols ? this.cols - 1 : c | 0;
  };
  Grid.prototype.cy = function (y) {
    var c = (y - this.y0) * this.inv;
    return c < 1 ? 0 : c >= this.rows ? this.rows - 1 : c | 0;
  };

  // The markers, bucketed by the cell of their centre in compressed rows:
  // cell c holds entries start[c] .. start[c+1]-1 of x, y, r. A query
  // widens its box by the largest radius.
  function MarkerIndex(grid, markers) {
    var ncell = grid.cols * grid.rows;
    var n = markers.length;
    var cellOf = new Int32Array(n);
    var px = new Float64Array(n);
    var py = new Float64Array(n);
    var pr = new Float64Array(n);
    var start = new Int32Array(ncell + 1);
    var x0 = grid.x0, y0 = grid.y0, inv = grid.inv, cols = grid.cols, rows = grid.rows;
    var maxR = 0;
    var i, c;
    // each marker read once (its fields may be small integers or doubles)
    for (i = 0; i < n; i++) {
      var m = markers[i];
      cellOf[i] = -1;
      if (!m) continue;
      var x = m.x, y = m.y, r = m.r;
      if (typeof x !== 'number' || typeof y !== 'number' || typeof r !== 'number') continue;
      if (!(r > 0 && r < Infinity && x > -Infinity && x < Infinity && y > -Infinity && y < Infinity)) continue;
      var fx = (x - x0) * inv;
      var fy = (y - y0) * inv;
      c = (fy < 1 ? 0 : fy >= rows ? rows - 1 : fy | 0) * cols + (fx < 1 ? 0 : fx >= cols ? cols - 1 : fx | 0);
      cellOf[i] = c;
      px[i] = x;
      py[i] = y;
      pr[i] = r;
      start[c + 1]++;
      if (r > maxR) maxR = r;
    }
    for (i = 0; i < ncell; i++) start[i + 1] += start[i];
    var fill = start.slice(0, ncell);
    var total = start[ncell];
    var mx = new Float64Array(total);
    var my = new Float64Array(total);
    var mr = new Float64Array(total); // squared radii
    for (i = 0; i < n; i++) {
      c = cellOf[i];
      if (c < 0) continue;
      var slot = fill[c]++;
      mx[slot] = px[i];
      my[slot] = py[i];
      mr[slot] = pr[i] * pr[i];
    }
    this.grid = grid;
    this.start = start;
    this.maxR = maxR;
    this.x = mx;
    this.y = my;
    this.r = mr;
  }
  // does the rectangle cover part of a marker?
  MarkerIndex.prototype.hits = function (x, y, w, h) {
    var g = this.grid;
    var start = this.start;
    var mx = this.x, my = this.y, mr = this.r;
    var R = this.maxR;
    var x1 = x + w, y1 = y + h;
    var a0 = g.cx(x - R), a1 = g.cx(x1 + R), b1 = g.cy(y1 + R);
    for (var cb = g.cy(y - R); cb <= b1; cb++) {
      var row = cb * g.cols;
      for (var e = start[row + a1 + 1], k = start[row + a0]; k < e; k++) {
        // the cells a0..a1 of a row are contiguous in the arrays
        var cx = mx[k], cy = my[k];
        var dx = cx < x ? x - cx : cx > x1 ? cx - x1 : 0;
        var dy = cy < y ? y - cy : cy > y1 ? cy - y1 : 0;
        if (dx * dx + dy * dy < mr[k]) return true;
      }
    }
    return false;
  };

  // closer: is the centre of some marker other than the one at (ox, oy)
  // nearer the rectangle than d px? A label beside its point (no leader)
  // must have that point clearly nearest: else a reader pairs it with the
  // other point, as two nearly coincident points on a phone swap their
  // labels.
  MarkerIndex.prototype.closer = function (x, y, w, h, d, ox, oy) {
    var g = this.grid;
    var start = this.start;
    var mx = this.x, my = this.y;
    var x1 = x + w, y1 = y + h, dd = d * d;
    var a0 = g.cx(x - d), a1 = g.cx(x1 + d), b1 = g.cy(y1 + d);
    for (var cb = g.cy(y - d); cb <= b1; cb++) {
      var row = cb * g.cols;
      for (var e = start[row + a1 + 1], k = start[row + a0]; k < e; k++) {
        var cx = mx[k], cy = my[k];
        if (cx === ox && cy === oy) continue;
        var dx = cx < x ? x - cx : cx > x1 ? cx - x1 : 0;
        var dy = cy < y ? y - cy : cy > y1 ? cy - y1 : 0;
        if (dx * dx + dy * dy < dd) return true;
      }
    }
    return false;
  };

  // count: how many markers have their centre in the rectangle, up to
  // limit.
  MarkerIndex.prototype.count = function (x, y, w, h, limit) {
    var g = this.grid;
    var start = this.start;
    var n = 0;
    var x1 = x + w, y1 = y + h;
    var a0 = g.cx(x), a1 = g.cx(x1), b1 = g.cy(y1);
    for (var cb = g.cy(y); cb <= b1; cb++) {
      var row = cb * g.cols;
      for (var e = start[row + a1 + 1], k = start[row + a0]; k < e; k++) {
        if (this.x[k] >= x && this.x[k] <= x1 && this.y[k] >= y && this.y[k] <= y1 && ++n >= limit) return n;
      }
    }
    return n;
  };

  // The labels placed so far: rectangles in flat arrays, and per cell a
  // linked list of entries (head[cell] -> entry, next[entry], label[entry]).
  function LabelIndex(grid, pad) {
    this.grid = grid;
    this.pad = pad;
    this.head = new Int32Array(grid.cols * grid.rows).fill(-1);
    this.next = [];
    this.label = [];
    this.x = [];
    this.y = [];
    this.w = [];
    this.h = [];
  }
  // does the rectangle come within pad of a placed label?
  LabelIndex.prototype.hits = function (x, y, w, h) {
    var g = this.grid;
    var p = this.pad;
    var head = this.head, next = this.next, label = this.label;
    var lx = this.x, ly = this.y, lw = this.w, lh = this.h;
    var a0 = g.cx(x - p), a1 = g.cx(x + w + p), b1 = g.cy(y + h + p);
    for (var cb = g.cy(y - p); cb <= b1; cb++) {
      for (var ca = a0; ca <= a1; ca++) {
        for (var e = head[cb * g.cols + ca]; e >= 0; e = next[e]) {
          var q = label[e];
          if (x < lx[q] + lw[q] + p && lx[q] < x + w + p && y < ly[q] + lh[q] + p && ly[q] < y + h + p) return true;
        }
      }
    }
    return false;
  };
  LabelIndex.prototype.add = function (x, y, w, h) {
    var g = this.grid;
    var q = this.x.length;
    this.x.push(x);
    this.y.push(y);
    this.w.push(w);
    this.h.push(h);
    var a0 = g.cx(x), a1 = g.cx(x + w), b1 = g.cy(y + h);
    for (var cb = g.cy(y); cb <= b1; cb++) {
      for (var ca = a0; ca <= a1; ca++) {
        var c = cb * g.cols + ca;
        this.next.push(this.head[c]);
        this.label.push(q);
        this.head[c] = this.next.length - 1;
      }
    }
  };

  // segHitsRect: does the segment (x1,y1)-(x2,y2) pass through the
  // rectangle (Liang-Barsky clipping)?
  function segHitsRect(x1, y1, x2, y2, rx, ry, rw, rh) {
    var t0 = 0, t1 = 1;
    var dx = x2 - x1, dy = y2 - y1;
    var p = [-dx, dx, -dy, dy];
    var q = [x1 - rx, rx + rw - x1, y1 - ry, ry + rh - y1];
    for (var i = 0; i < 4; i++) {
      if (p[i] === 0) {
        if (q[i] < 0) return false;
      } else {
        var t = q[i] / p[i];
        if (p[i] < 0) {
          if (t > t1) return false;
          if (t > t0) t0 = t;
        } else {
          if (t < t0) return false;
          if (t < t1) t1 = t;
        }
      }
    }
    return t0 < t1;
  }

  // side: which side of the line a->b the point c lies on (+1, -1, or 0
  // within a hair).
  function side(ax, ay, bx, by, cx, cy) {
    var v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    return v > 1e-9 ? 1 : v < -1e-9 ? -1 : 0;
  }

  // segsCross: do the segments p and q cross properly (each has the other's
  // ends strictly on either side)?
  function segsCross(p1x, p1y, p2x, p2y, q1x, q1y, q2x, q2y) {
    return side(p1x, p1y, p2x, p2y, q1x, q1y) * side(p1x, p1y, p2x, p2y, q2x, q2y) < 0 &&
      side(q1x, q1y, q2x, q2y, p1x, p1y) * side(q1x, q1y, q2x, q2y, p2x, p2y) < 0;
  }

  // leaderEnd is where the leader from the point (ax, ay) meets the label:
  // the label's nearest point.
  function leaderEnd(ax, ay, x, y, w, h) {
    return [Math.max(x, Math.min(ax, x + w)), Math.max(y, Math.min(ay, y + h))];
  }

  // Leaders: the leader lines drawn so far, which later labels must not
  // cover, and which must not cross a placed label.
  function Leaders() {
    this.seg = [];
  }
  // crosses: does the segment (ax,ay)-(bx,by) cross a leader drawn so far?
  // Crossed leaders make a reader follow the wrong line in a crowded
  // corner. Segments that only touch (two leaders from one point) do not
  // cross.
  Leaders.prototype.crosses = function (ax, ay, bx, by) {
    for (var i = 0; i < this.seg.length; i++) {
      var s = this.seg[i];
      if (segsCross(ax, ay, bx, by, s[0], s[1], s[2], s[3])) return true;
    }
    return false;
  };
  Leaders.prototype.hitsRect = function (x, y, w, h) {
    for (var i = 0; i < this.seg.length; i++) {
      var s = this.seg[i];
      if (segHitsRect(s[0], s[1], s[2], s[3], x, y, w, h)) return true;
    }
    return false;
  };

  // crossesLabels: does a leader from (ax, ay) to (bx, by) pass through a
  // placed label? The label index is asked for the segment's box.
  function crossesLabels(labels, ax, ay, bx, by) {
    var x = Math.min(ax, bx), y = Math.min(ay, by);
    var w = Math.abs(bx - ax), h = Math.abs(by - ay);
    var g = labels.grid;
    var lx = labels.x, ly = labels.y, lw = labels.w, lh = labels.h;
    var a0 = g.cx(x), a1 = g.cx(x + w), b1 = g.cy(y + h);
    for (var cb = g.cy(y); cb <= b1; cb++) {
      for (var ca = a0; ca <= a1; ca++) {
        for (var e = labels.head[cb * g.cols + ca]; e >= 0; e = labels.next[e]) {
          var q = labels.label[e];
          if (segHitsRect(ax, ay, bx, by, lx[q] + 1, ly[q] + 1, lw[q] - 2, lh[q] - 2)) return true;
        }
      }
    }
    return false;
  }

  // Where a label of an item may go: its bounds (with a hair of slack),
  // written to b as [x0, y0, x1, y1].
  function boundsOf(it, b) {
    var bd = it.bounds;
    b[0] = -Infinity; b[1] = -Infinity; b[2] = Infinity; b[3] = Infinity;
    if (bd && finite(bd.x, bd.y, bd.width, bd.height)) {
      b[0] = bd.x - 1e-6;
      b[1] = bd.y - 1e-6;
      b[2] = bd.x + bd.width + 1e-6;
      b[3] = bd.y + bd.height + 1e-6;
    }
    return b;
  }

  // tryAt places the label of it at (x, y) if it may go there, and says
  // whether it did: inside its bounds, off its own marker, clear of the
  // labels, of the markers (unless marks is null) and of the leaders. A
  // label beside its point (leader false) must have its point nearest; one
  // with a leader needs a leader that crosses no label and no leader.
  function tryAt(it, x, y, leader, b, marks, labels, leaders, near) {
    var w = it.w;
    var h = it.h;
    var own = it.r > 0 ? it.r : 0;
    if (x < b[0] || y < b[1] || x + w > b[2] || y + h > b[3]) return false;
    if (own > 0 && rectHitsCircle(x, y, w, h, it.x, it.y, own)) return false;
    if (labels.hits(x, y, w, h) || (marks && marks.hits(x, y, w, h))) return false;
    if (leaders.hitsRect(x, y, w, h)) return false;
    var end = leaderEnd(it.x, it.y, x, y, w, h);
    if (!leader) {
      // beside its point, the label must be nearest that point, by a
      // margin a reader sees
      var ex = end[0] - it.x, ey = end[1] - it.y;
      if (near.closer(x, y, w, h, Math.sqrt(ex * ex + ey * ey) + NEAREST, it.x, it.y)) return false;
    } else {
      if (crossesLabels(labels, it.x, it.y, end[0], end[1])) return false;
      if (!leaders.mayCross && leaders.crosses(it.x, it.y, end[0], end[1])) return false;
      leaders.seg.push([it.x, it.y, end[0], end[1]]);
    }
    labels.add(x, y, w, h);
    return true;
  }

  // The first free candidate of one item on rings from..to-1, or null.
  // A label with a leader line keeps the line clear of other labels, and
  // every label keeps clear of the leader lines already drawn.
  function placeOne(it, marks, labels, pos, from, to, leaders, near) {
    var b = boundsOf(it, [0, 0, 0, 0]);
    var own = it.r > 0 ? it.r : 0;
    for (var ring = from; ring < to; ring++) {
      var dirs = ring >= 3 ? FAR_DIRS : DIRS;
      for (var d = 0; d < dirs.length; d++) {
        candidatePos(it, own, dirs[d], RINGS[ring], pos);
        if (tryAt(it, pos.x, pos.y, ring > 0, b, marks, labels, leaders, near)) return { x: pos.x, y: pos.y, leader: ring > 0 };
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
    var cands = [];
    var stepY = h + pad, stepX = Math.max(8, (w + pad) / 2);
    for (var ring = 1; ring < to; ring++) {
      var d = own + RINGS[ring];
      for (var j = -12; j <= 12; j++) {
        var dy = j * stepY;
        var gy = Math.max(0, Math.abs(dy) - h / 2);
        var lenX = Math.sqrt(d * d + gy * gy);
        if (lenX <= reach) {
          cands.push(lenX, it.x + d, it.y - h / 2 + dy);
          cands.push(lenX, it.x - d - w, it.y - h / 2 + dy);
        }
        var dx = j * stepX;
        var gx = Math.max(0, Math.abs(dx) - w / 2);
        var lenY = Math.sqrt(d * d + gx * gx);
        if (lenY <= reach) {
          cands.push(lenY, it.x - w / 2 + dx, it.y - d - h);
          cands.push(lenY, it.x - w / 2 + dx, it.y + d);
        }
      }
    }
    var idx = [];
    for (var k = 0; k < cands.length; k += 3) idx.push(k);
    idx.sort(function (a, c) { return cands[a] - cands[c] || a - c; });
    for (var q = 0; q < idx.length && budget.left > 0; q++) {
      budget.left--;
      var x = cands[idx[q] + 1], y = cands[idx[q] + 2];
      if (tryAt(it, x, y, true, b, marks, labels, leaders, near)) return { x: x, y: y, leader: true };
    }
    return null;
  }

  // slotFor: where the label of item `it` goes in the slot of another
  // label (its box q, placed for the point (px, py)): against the same
  // edge, on the side of the point the other label was on.
  function slotFor(it, q, qw, qh, px, py) {
    var x, y;
    if (q.x + qw <= px) x = q.x + qw - it.w; // left of its point: right edges meet
    else if (q.x >= px) x = q.x; // right of it: left edges
    else x = q.x + (qw - it.w) / 2;
    if (q.y + qh <= py) y = q.y + qh - it.h; // above: bottom edges
    else if (q.y >= py) y = q.y; // below: top edges
    else y = q.y + (qh - it.h) / 2;
    return { x: x, y: y, leader: true };
  }

  // uncross: a placement made with leaders allowed to cross is made to have
  // none. Where two leaders cross, their labels swap slots (the leaders of
  // two points to two places cross, and the swapped ones do not) when each
  // slot takes the other label clear of everything else; else the label
  // whose leader crosses more leaders is moved (relocate(k): placed again
  // among the others, with a leader that crosses none; false if it finds
  // no place), else the other, else left out. out is edited; obstacles are
  // texts no label may cover.
  function uncross(items, out, marks, pad, obstacles, relocate) {
    var ids = [];
    var i;
    for (i = 0; i < out.length; i++) if (out[i] && out[i].leader) ids.push(i);
    function seg(k, p) {
      var it = items[k];
      var e = leaderEnd(it.x, it.y, p.x, p.y, it.w, it.h);
      return [it.x, it.y, e[0], e[1]];
    }
    function crosses(a, b) {
      return segsCross(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]);
    }
    // crossings of the leader s (of item k) with the leaders of the others
    // (but skip)
    function crossings(k, s, skip) {
      var n = 0;
      for (var j = 0; j < ids.length; j++) {
        var o = ids[j];
        if (o === k || o === skip || !out[o]) continue;
        if (crosses(s, seg(o, out[o]))) n++;
      }
      return n;
    }
    // may the label of k stand at p, with the leader s, the labels a and b
    // (k among them) set aside?
    function fits(k, p, s, a, b, other, op) {
      var it = items[k];
      var bd = boundsOf(it, [0, 0, 0, 0]);
      var x = p.x, y = p.y, w = it.w, h = it.h;
      if (x < bd[0] || y < bd[1] || x + w > bd[2] || y + h > bd[3]) return false;
      if (it.r > 0 && rectHitsCircle(x, y, w, h, it.x, it.y, it.r)) return false;
      if (marks.hits(x, y, w, h)) return false;
      var ow = items[other].w, oh = items[other].h;
      if (x < op.x + ow + pad && op.x < x + w + pad && y < op.y + oh + pad && op.y < y + h + pad) return false;
      for (var j = 0; j < out.length; j++) {
        var q = out[j];
        if (!q || j === a || j === b) continue;
        var qw = items[j].w, qh = items[j].h;
        if (x < q.x + qw + pad && q.x < x + w + pad && y < q.y + qh + pad && q.y < y + h + pad) return false;
        // the leader through no other label, no other leader through it
        if (segHitsRect(s[0], s[1], s[2], s[3], q.x + 1, q.y + 1, qw - 2, qh - 2)) return false;
        if (q.leader) {
          var t = seg(j, q);
          if (segHitsRect(t[0], t[1], t[2], t[3], x, y, w, h)) return false;
        }
      }
      for (j = 0; j < obstacles.length; j++) {
        var ob = obstacles[j];
        if (x < ob.x + ob.width + pad && ob.x < x + w + pad && y < ob.y + ob.height + pad && ob.y < y + h + pad) return false;
        if (segHitsRect(s[0], s[1], s[2], s[3], ob.x + 1, ob.y + 1, ob.width - 2, ob.height - 2)) return false;
      }
      return true;
    }
    for (var guard = 0; guard < 4 * ids.length + 8; guard++) {
      var pa = -1, pb = -1;
      for (var u = 0; u < ids.length && pa < 0; u++) {
        if (!out[ids[u]]) continue;
        var su = seg(ids[u], out[ids[u]]);
        for (var v = u + 1; v < ids.length; v++) {
          if (out[ids[v]] && crosses(su, seg(ids[v], out[ids[v]]))) {
            pa = ids[u];
            pb = ids[v];
            break;
          }
        }
      }
      if (pa < 0) return;
      var A = out[pa], B = out[pb];
      var na = slotFor(items[pa], B, items[pb].w, items[pb].h, items[pb].x, items[pb].y);
      var nb = slotFor(items[pb], A, items[pa].w, items[pa].h, items[pa].x, items[pa].y);
      var sa = seg(pa, na), sb = seg(pb, nb);
      var before = crossings(pa, seg(pa, A), pb) + crossings(pb, seg(pb, B), pa) + 1;
      if (!crosses(sa, sb) && crossings(pa, sa, pb) + crossings(pb, sb, pa) < before &&
          fits(pa, na, sa, pa, pb, pb, nb) && fits(pb, nb, sb, pa, pb, pa, na)) {
        out[pa] = na;
        out[pb] = nb;
        continue;
      }
      // no swap: the label whose leader crosses more is moved where its
      // leader crosses none, else the other, else left out
      var first = crossings(pa, seg(pa, A), -1) >= crossings(pb, seg(pb, B), -1) ? pa : pb;
      var second = first === pa ? pb : pa;
      if (relocate(first) || relocate(second)) continue;
      out[first] = null;
    }
    // past the guard, every label still crossing is left out
    for (u = 0; u < ids.length; u++) {
      if (out[ids[u]] && crossings(ids[u], seg(ids[u], out[ids[u]]), -1) > 0) out[ids[u]] = null;
    }
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
  // opts.obstacles: [{x, y, width, height}], texts no label may cover.
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
    // the box itself
    var avg = heights / order.length;
    var marks = new MarkerIndex(new Grid(x0, y0, x1, y1, Math.min(16, Math.max(4, avg / 2))), markers);
    var labels = new LabelIndex(new Grid(x0, y0, x1, y1, Math.min(64, Math.max(8, 2 * avg))), pad);
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
    var pos = { x: 0, y: 0 };
    var crowded = new Uint8Array(items.length);
    for (i = 0; i < order.length; i++) {
      it = items[order[i]];
      var rad = 2.5 * it.h;
      crowded[order[i]] = marks.count(it.x - rad, it.y - rad, 2 * rad, 2 * rad, CROWD + 1) > CROWD ? 1 : 0;
    }
    var leaders = new Leaders();
    var budget = { left: STACK_TRIES };
    // Points in a crowd (several markers within a label's height or two)
    // are placed before the others' labels wall the crowd in: beside
    // their point, else farther out with a leader. Then every other label
    // beside its point, then the rest farther out, in the room left, then
    // what is left of a crowd stacked beside it.
    function passes() {
      for (i = 0; i < order.length; i++) {
        if (crowded[order[i]] && !out[order[i]]) out[order[i]] = placeOne(items[order[i]], marks, labels, pos, 0, rings, leaders, marks);
      }
      for (i = 0; i < order.length; i++) {
        if (!crowded[order[i]] && !out[order[i]]) out[order[i]] = placeOne(items[order[i]], marks, labels, pos, 0, 1, leaders, marks);
      }
      for (i = 0; i < order.length; i++) {
        if (!out[order[i]]) out[order[i]] = placeOne(items[order[i]], marks, labels, pos, 1, rings, leaders, marks);
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
          if (tryAt(it2, x, y, true, boundsOf(it2, [0, 0, 0, 0]), marks, labels, leaders, marks)) out[k] = { x: x, y: y, leader: true };
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
        labels = new LabelIndex(grid, pad);
        for (var j = 0; j < obs.length; j++) labels.add(obs[j].x, obs[j].y, obs[j].width, obs[j].height);
        leaders = new Leaders();
        for (j = 0; j < out.length; j++) {
          var pl = out[j];
          if (!pl || j === skip) continue;
          var itj = items[j];
          labels.add(pl.x, pl.y, itj.w, itj.h);
          if (pl.leader) {
            var en = leaderEnd(itj.x, itj.y, pl.x, pl.y, itj.w, itj.h);
            leaders.seg.push([itj.x, itj.y, en[0], en[1]]);
          }
        }
      };
      var relocate = function (k) {
        rebuild(k);
        var p = placeOne(items[k], marks, labels, pos, 1, rings, leaders, marks);
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
    if (opts.overMarkers !== false) {
      for (i = 0; i < order.length; i++) {
        if (!out[order[i]]) out[order[i]] = placeOne(items[order[i]], null, labels, pos, 0, rings, leaders, marks);
      }
    }
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
  // the canvas; the tooltip still names the point.
  function parkHidden(items, placed) {
    items = Array.isArray(items) ? items : [];
    placed = Array.isArray(placed) ? placed : [];
    var out = new Array(items.length);
    var shown = [];
    for (var i = 0; i < items.length; i++) {
      out[i] = null;
      var it = items[i];
      if (!it || !finite(it.x, it.y, it.w, it.h)) continue;
      var area = +it.area || 0;
      if (placed[i]) {
        shown.push({ i: i, area: area, x: placed[i].x, y: placed[i].y });
        continue;
      }
      var spot = null;
      for (var s = 0; s < shown.length; s++) {
        if (shown[s].area >= area) {
          spot = { x: shown[s].x, y: shown[s].y, under: true };
          break;
        }
      }
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

  // labelRect(item, placement) -> {x, y, width, height}, or null
  function labelRect(item, placement) {
    if (!item || !placement) return null;
    return { x: placement.x, y: placement.y, width: item.w, height: item.h };
  }


  /* ---------------------------------------------------------------------
   * Breaking chart text into lines
   * ------------------------------------------------------------------- */

  // Superscripts and subscripts: TeX in chart text becomes them
  // (internal/plaintex), and a line must never start with one, which would
  // leave "a · C" on one line and its exponent "ᵇ" alone on the next.
  // ECharts' own wrapping breaks before any character outside its Latin
  // ranges, these included, so the site breaks the texts itself.
  var SCRIPTS = '\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079\u207a\u207b\u207c\u207d\u207e\u2071\u207f' +
    '\u1d43\u1d47\u1d9c\u1d48\u1d49\u1da0\u1d4d\u02b0\u02b2\u1d4f\u02e1\u1d50\u1d52\u1d56\u02b3\u02e2\u1d57\u1d58\u1d5b\u02b7\u02e3\u02b8\u1dbb' +
    '\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089\u208a\u208b\u208c\u208d\u208e' +
    '\u2090\u2091\u2095\u1d62\u2c7c\u2096\u2097\u2098\u2099\u2092\u209a\u1d63\u209b\u209c\u1d64\u1d65\u2093' +
    '\u1d2c\u1d2e\u1d30\u1d31\u1d33\u1d34\u1d35\u1d36\u1d37\u1d38\u1d39\u1d3a\u1d3c\u1d3e\u1d3f\u1d40\u1d41\u1d42' +
    '\u2032\u2033'; // primes go with what they follow (x′)

  function isDigitish(ch) {
    return (ch >= '0' && ch <= '9') || ch === '.' || ch === ',';
  }

  // canSplit says whether a word too long for a line may be split between
  // a and b, the last character of one line and the first of the next:
  // never before a script or a combining mark, nor inside a surrogate
  // pair or a scripted decimal; with strict, nor inside a number (0.0992, 1,024) either, which
  // only a number wider than a line breaks.
  function canSplit(a, b, strict) {
    var cb = b.charCodeAt(0);
    if (cb >= 0xdc00 && cb <= 0xdfff) return false;
    if (SCRIPTS.indexOf(b) >= 0 || (cb >= 0x300 && cb <= 0x36f) || b === '\u2060') return false;
    // the dot of a scripted decimal (C⁰·⁵) stays in its exponent
    if (b === '\u00b7' && SCRIPTS.indexOf(a) >= 0) return false;
    return !strict || !(isDigitish(a) && isDigitish(b));
  }

  // splitAt is where to split word w, too wide for width: the last place
  // that fits where a strict split is allowed, else the last that fits
  // where any is, else the first allowed place past the width (a word that
  // ends in scripts is drawn wider than the line, not torn from them); 0
  // when the word has no place to split at all.
  function splitAt(w, width, measure) {
    var strict = -1;
    var loose = -1;
    var k = 1;
    for (; k < w.length; k++) {
      if (measure(w.slice(0, k)) > width) break;
      if (canSplit(w.charAt(k - 1), w.charAt(k), true)) strict = k;
      if (canSplit(w.charAt(k - 1), w.charAt(k), false)) loose = k;
    }
    if (strict > 0) return strict;
    if (loose > 0) return loose;
    for (; k < w.length; k++) {
      if (canSplit(w.charAt(k - 1), w.charAt(k), false)) return k;
    }
    return 0;
  }

  // breakText breaks text into lines no wider than width, as measured by
  // measure(string) -> px: at spaces (U+0020; a no-break space holds), and
  // a word wider than a line where canSplit allows, at the last place that
  // fits (a word with no such place, a number wider than a line, is split
  // where it must rather than drawn past the edge). Newlines are kept.
  // An empty text has no lines.
  function breakText(text, width, measure) {
    var out = [];
    if (text == null || String(text) === '') return out;
    String(text).split('\n').forEach(function (para) {
      var words = para.split(' ');
      var line = '';
      var i = 0;
      while (i < words.length) {
        var w = words[i];
        var next = line ? line + ' ' + w : w;
        if (measure(next) <= width || (!line && w === '')) {
          line = next;
          i++;
          continue;
        }
        if (line) { // the word starts the next line
          out.push(line);
          line = '';
          continue;
        }
        // one word wider than a line
        var cut = splitAt(w, width, measure);
        if (cut <= 0) { // no place to split it
          line = w;
          i++;
          continue;
        }
        out.push(w.slice(0, cut));
        words[i] = w.slice(cut);
      }
      out.push(line);
    });
    return out;
  }

  var api = {
    placeLabels: placeLabels,
    parkHidden: parkHidden,
    labelRect: labelRect,
    breakText: breakText
  };

  if (typeof module !== 'undefined' && module && module.exports) {
    module.exports = api;
  } else if (typeof window !== 'undefined') {
    var ns = window.scalesiteLayout = window.scalesiteLayout || {};
    Object.keys(api).forEach(function (k) { ns[k] = api[k]; });
  }
})();
