package io.loadsmith.store;

import org.springframework.beans.factory.annotation.Autowired;

import io.loadsmith.entity.EntityService;
import io.loadsmith.load.LoadService;
import io.loadsmith.packageregistry.MetadataPackageService;

class DesignerQueriesH2Test extends H2StoreTest implements DesignerQueriesContract {

    @Autowired
    EntityService entities;

    @Autowired
    LoadService loads;

    @Autowired
    MetadataPackageService packages;

    @Autowired
    io.loadsmith.load.DraftTemplatePreview drafts;

    @Override
    public io.loadsmith.load.DraftTemplatePreview drafts() {
        return drafts;
    }

    @Override
    public EntityService entities() {
        return entities;
    }

    @Override
    public LoadService loads() {
        return loads;
    }

    @Override
    public MetadataPackageService packages() {
        return packages;
    }
}
