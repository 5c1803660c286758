// The filter list linkpeek ships for `adblock` (Adblock Plus / uBlock Origin syntax), so blocking
// needs no download: the ad servers, ad exchanges and trackers that most pages load, each blocked
// on its whole domain (`||host^`), plus the file names of the common ad loaders wherever they are
// served. A config's own `adblockFilters` (EasyList, say, read from disk) are matched along with it.
export const bundledFilters = `
! linkpeek's bundled list: ad servers and exchanges
||doubleclick.net^
||googlesyndication.com^
||googleadservices.com^
||adservice.google.com^
||googletagservices.com^
||amazon-adsystem.com^
||adnxs.com^
||criteo.com^
||criteo.net^
||taboola.com^
||outbrain.com^
||rubiconproject.com^
||pubmatic.com^
||openx.net^
||casalemedia.com^
||indexww.com^
||adsrvr.org^
||bidswitch.net^
||smartadserver.com^
||adform.net^
||yieldmo.com^
||sharethrough.com^
||33across.com^
||teads.tv^
||sonobi.com^
||contextweb.com^
||lijit.com^
||adroll.com^
||mathtag.com^
||media.net^
||zedo.com^
||advertising.com^
||adsafeprotected.com^
||doubleverify.com^
||moatads.com^
||ads-twitter.com^
||ads.linkedin.com^
||ads.yahoo.com^
||adtech.de^
! trackers and analytics beacons
||google-analytics.com^
||googletagmanager.com^
||scorecardresearch.com^
||quantserve.com^
||hotjar.com^
||clarity.ms^
||bat.bing.com^
||analytics.tiktok.com^
||connect.facebook.net^$third-party
||facebook.com/tr^
||chartbeat.com^
||krxd.net^
||bluekai.com^
||demdex.net^
||everesttech.net^
||exelator.com^
||nr-data.net^
||mixpanel.com^
||segment.io^
||cdn.segment.com^
! ad loaders, wherever they are served
/adsbygoogle.js
/pagead/js/*
/prebid.js
/gpt/pubads_impl_
`;
