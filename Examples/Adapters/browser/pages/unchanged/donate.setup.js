// Run by the browser adapter after each load of donate.html (--setup): rebuilds the gift field
// as the page builds it, so the adapter can reuse the page between sessions.
window.moneyfieldSetup = function (request) {
  $('#gift').autoNumeric('destroy').val('0')
    .autoNumeric('init', {aSign: '$', mDec: '0', vMin: '0', vMax: '999999999999', wEmpty: 'zero', lZero: 'deny'});
  return true;
};
