#!/usr/bin/env python3
"""issue36_outputdiff.py BEFORE_DIR AFTER_DIR: sorts the files that differ between two builds of the
synthetic site (gensite.py), by a5f396b and by main at 1b63cee, by whether undoing what was merged in
between makes them equal. An SVG file: the same geometry once `h`/`v` path steps are written as `l`
(9336374). An HTML file: the same once asset hashes are set aside, a log axis' points written
[log x, y, x, y] are read as the [x, y] written now (0e3b9f4), and the option's Go-written grid
(c55a2fc), "raw":true (0e3b9f4) and the toolbar's More... button (64d966a) are removed. Inline <svg>
figures are set aside whole (their <use> of the desktop's paths, 9336374 and 8754d9a, was checked by
eye). Prints the counts and the first files left over.
"""
import os,re,sys
A,B=sys.argv[1],sys.argv[2]
num=r'-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?'
def canon_d(d):
    toks=re.findall(r'[A-Za-z]|'+num, d)
    out=[];cmd=None
    i=0
    while i<len(toks):
        t=toks[i]
        if re.match(r'[A-Za-z]',t): cmd=t; i+=1; 
        if cmd in 'hv':
            x=toks[i]; i+=1
            out.append(('l',(x,'0') if cmd=='h' else ('0',x)))
        elif cmd in 'Zz': out.append(('z',())) 
        else:
            n={'M':2,'m':2,'L':2,'l':2,'C':6,'c':6,'Q':4,'q':4,'A':7,'a':7,'S':4,'s':4,'T':2,'t':2}[cmd]
            out.append((cmd,tuple(toks[i:i+n]))); i+=n
            if cmd=='m': cmd='l'
            if cmd=='M': cmd='L'
    def f(x): return repr(round(float(x),3))
    return ' '.join(c+','.join(f(a) for a in args) for c,args in out)
def norm_paths(s):
    return re.sub(r' d="([^"]*)"', lambda m:' d="'+canon_d(m.group(1))+'"', s)
def norm_html(s):
    s=re.sub(r'/assets/([a-z]+)\.[0-9a-f]{8}\.(js|css)', r'/assets/\1.HASH.\2', s)
    s=re.sub(r'<svg.*?</svg>', '<svg/>', s, flags=re.S)
    s=re.sub(r'<button type="button" class="scalesite-menu"[^>]*>More…</button>\n', '', s)
    s=re.sub(r'"grid":\[\{[^\]]*\}\],', '', s)
    s=re.sub(r',"raw":true', '', s)
    q='('+num+')'
    s=re.sub(r'\['+q+','+q+','+q+','+q+r'\]', lambda m: '['+m.group(3)+','+m.group(4)+']', s)
    return s
from collections import Counter
c=Counter(); left=[]
for root,_,files in os.walk(A):
    for fn in files:
        pa=os.path.join(root,fn); pb=os.path.join(B,os.path.relpath(pa,A))
        if not os.path.exists(pb): c['only before']+=1; continue
        a=open(pa,'rb').read(); b=open(pb,'rb').read()
        if a==b: c['same']+=1; continue
        if fn.endswith('.svg'):
            if norm_paths(a.decode())==norm_paths(b.decode()): c['svg: path notation only']+=1
            else: c['svg: other']+=1; left.append(pb)
        elif fn.endswith('.html'):
            if norm_html(a.decode())==norm_html(b.decode()): c['html: assets, option, menu, inline svg only']+=1
            else: c['html: other']+=1; left.append(pb)
        else: c['other: '+fn]+=1
print(dict(c)); print(left[:10])
