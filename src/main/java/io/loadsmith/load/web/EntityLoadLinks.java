package io.loadsmith.load.web;

import java.util.List;

import org.springframework.stereotype.Component;

import io.loadsmith.entity.web.RelatedLoads;
import io.loadsmith.load.EntityMapping;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadResponse;

/** The entity page's links to the loads that write and read an entity, and to the entities mappings tie it to. */
@Component
record EntityLoadLinks(LoadService loads) implements RelatedLoads {

    @Override
    public List<LoadLink> writing(String qualifiedName) {
        return loads.list(null).stream().filter(l -> qualifiedName.equalsIgnoreCase(l.target()))
                .map(EntityLoadLinks::link).toList();
    }

    @Override
    public List<LoadLink> reading(String qualifiedName) {
        return loads.list(null).stream().filter(l -> l.sources().stream().anyMatch(qualifiedName::equalsIgnoreCase))
                .map(EntityLoadLinks::link).toList();
    }

    @Override
    public List<String> mappedInto(String qualifiedName) {
        return loads.list(null).stream().filter(l -> qualifiedName.equalsIgnoreCase(l.target()))
                .flatMap(l -> l.mappings().stream().map(EntityMapping::source)).distinct().toList();
    }

    @Override
    public List<String> mappedFrom(String qualifiedName) {
        return loads.list(null).stream()
                .filter(l -> l.mappings().stream().anyMatch(m -> qualifiedName.equalsIgnoreCase(m.source())))
                .map(LoadResponse::target).distinct().toList();
    }

    private static LoadLink link(LoadResponse load) {
        return new LoadLink(load.id(), load.name());
    }
}
