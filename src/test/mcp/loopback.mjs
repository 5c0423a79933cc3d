// Preloaded (node --import ./loopback.mjs) into a server that listens on every interface by
// default: a listen on a bare port listens on 127.0.0.1 only, as everything the tests start does.
import http from 'node:http';

const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/.test(args[0]))) {
    const callback = args.find((arg) => typeof arg === 'function');
    return listen.call(this, Number(args[0]), '127.0.0.1', callback);
  }
  return listen.apply(this, args);
};
