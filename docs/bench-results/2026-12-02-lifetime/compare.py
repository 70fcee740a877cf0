import json,csv,sys
def load(d,m):
    rel=[json.loads(l) for l in open(f"{d}/out-{m}/dphmm-releases.jsonl")]
    truth={}
    for r in csv.DictReader(open(f"{d}/{m}.csv")):
        t=int(r['time'])//21600000
        row=int((float(r['lat'])-39.85)/0.035); col=int((float(r['lon'])-116.30)/0.0375)
        truth[t]=(39.85+(row+0.5)*0.035, 116.30+(col+0.5)*0.0375)
    return [(x['values'],truth[x['tick']],x['cumulativeEpsilon'],x['releaseSeq']) for x in rel]
for d in sys.argv[1:]:
    jan=load(d,"jan"); feb=load(d,"feb")
    shared=0
    for zf,ff,_,_ in feb:
        for zj,fj,_,_ in jan:
            if all(abs((a-b)-(c-e))<1e-9 for a,b,c,e in zip(zf,zj,ff,fj)): shared+=1; break
    print(d,"releases",len(jan),"+",len(feb),"Feb releases whose noise equals a January release's:",shared,
          "| spend Jan",jan[0][2],"->",jan[-1][2],"Feb",feb[0][2],"->",feb[-1][2],"| releaseSeq Feb",feb[0][3],"..",feb[-1][3])
