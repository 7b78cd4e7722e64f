# Stand-in for node:*-bookworm-slim (tests only; deploy/test/README.md): this machine's Node,
# laid out where the official image has it, with the same unprivileged `node` user (uid 1000).
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY include /usr/local/include/node
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
  && groupadd --gid 1000 node \
  && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
  && node --version && npm --version
# The registry is reached through a TLS proxy here; node-gyp uses the copied headers, since it
# cannot download them.
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt \
    npm_config_nodedir=/usr/local
CMD ["node"]
